
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

CREATE TYPE public.failure_change AS (
	group_id bigint,
	device_model text COLLATE pg_catalog."C",
	device_name text COLLATE pg_catalog."C",
	os_version text COLLATE pg_catalog."C",
	os_key bigint,
	app_version text COLLATE pg_catalog."C",
	seen timestamp with time zone,
	device_id text COLLATE pg_catalog."C",
	user_id text COLLATE pg_catalog."C"
);

CREATE TYPE public.failure_key AS (
	group_id bigint,
	kind text COLLATE pg_catalog."C",
	key text COLLATE pg_catalog."C"
);

CREATE FUNCTION public.failure_cell_of(f public.failure_change) RETURNS bigint
    LANGUAGE sql STABLE
    AS $$
    SELECT id FROM failure_cell
    WHERE group_id = f.group_id AND device_model = coalesce(f.device_model, '')
      AND device_name = coalesce(f.device_name, '') AND os_version = coalesce(f.os_version, '')
      AND os_key = coalesce(f.os_key, -1) AND app_version = coalesce(f.app_version, '')
$$;

CREATE FUNCTION public.failure_cells_change(sign integer, changes public.failure_change[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF cardinality(changes) = 0 THEN
        RETURN;
    END IF;
    PERFORM failure_cells_change_v14(sign, changes);
    INSERT INTO failure_day (group_id, day, failures)
    SELECT group_id, (seen AT TIME ZONE 'UTC')::date, sign * count(*) FROM unnest(changes)
    WHERE seen IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, day) DO UPDATE SET failures = failure_day.failures + excluded.failures;
    IF sign < 0 THEN
        DELETE FROM failure_day t
        USING (SELECT DISTINCT group_id, (seen AT TIME ZONE 'UTC')::date AS day FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.day = f.day AND t.failures <= 0;
    END IF;
END
$$;

CREATE FUNCTION public.failure_cells_change_v14(sign integer, changes public.failure_change[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
    touched bigint[];
BEGIN
    IF cardinality(changes) = 0 THEN
        RETURN;
    END IF;
    IF sign > 0 THEN
        INSERT INTO failure_cell (group_id, device_model, device_name, os_version, os_key, app_version, failures,
                                  first_seen, last_seen)
        SELECT group_id, coalesce(device_model, ''), coalesce(device_name, ''), coalesce(os_version, ''),
               coalesce(os_key, -1), coalesce(app_version, ''), count(*), min(seen), max(seen)
        FROM unnest(changes) GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
        ON CONFLICT (group_id, device_model, device_name, os_version, os_key, app_version) DO UPDATE SET
            failures = failure_cell.failures + excluded.failures,
            first_seen = least(failure_cell.first_seen, excluded.first_seen),
            last_seen = greatest(failure_cell.last_seen, excluded.last_seen);
    END IF;
    WITH changed AS (
        SELECT failure_cell_of(f) AS id, f.device_id, count(*) AS n
        FROM unnest(changes) f WHERE f.device_id IS NOT NULL GROUP BY 1, 2
    )
    INSERT INTO failure_cell_device (cell_id, device_id, failures)
    SELECT id, device_id, sign * n FROM changed ORDER BY 1, 2
    ON CONFLICT (cell_id, device_id) DO UPDATE SET failures = failure_cell_device.failures + excluded.failures;
    WITH changed AS (
        SELECT failure_cell_of(f) AS id, f.user_id, count(*) AS n
        FROM unnest(changes) f WHERE f.user_id IS NOT NULL GROUP BY 1, 2
    )
    INSERT INTO failure_cell_user (cell_id, user_id, failures)
    SELECT id, user_id, sign * n FROM changed ORDER BY 1, 2
    ON CONFLICT (cell_id, user_id) DO UPDATE SET failures = failure_cell_user.failures + excluded.failures;
    INSERT INTO failure_group_device (group_id, device_id, failures)
    SELECT group_id, device_id, sign * count(*) FROM unnest(changes) WHERE device_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, device_id) DO UPDATE SET failures = failure_group_device.failures + excluded.failures;
    INSERT INTO failure_group_user (group_id, user_id, failures)
    SELECT group_id, user_id, sign * count(*) FROM unnest(changes) WHERE user_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, user_id) DO UPDATE SET failures = failure_group_user.failures + excluded.failures;
    INSERT INTO failure_device (device_id, failures)
    SELECT device_id, sign * count(*) FROM unnest(changes) WHERE device_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (device_id) DO UPDATE SET failures = failure_device.failures + excluded.failures;
    INSERT INTO failure_user (user_id, failures)
    SELECT user_id, sign * count(*) FROM unnest(changes) WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET failures = failure_user.failures + excluded.failures;
    IF sign < 0 THEN
        WITH gone AS (
            SELECT failure_cell_of(f) AS id, count(*) AS n, min(f.seen) AS first_gone, max(f.seen) AS last_gone
            FROM unnest(changes) f GROUP BY 1
        )
        UPDATE failure_cell c
        SET failures = c.failures - gone.n,
            seen_stale = CASE WHEN gone.first_gone = c.first_seen OR gone.last_gone = c.last_seen THEN 1
                              ELSE c.seen_stale END
        FROM gone WHERE c.id = gone.id;
        -- Only the rows this change touched: a sweep of the whole tables would read every cell
        -- for each report a regroup moves (one statement a report).
        touched := ARRAY(SELECT DISTINCT failure_cell_of(f) FROM unnest(changes) f);
        DELETE FROM failure_cell_device WHERE cell_id = ANY (touched) AND failures <= 0;
        DELETE FROM failure_cell_user WHERE cell_id = ANY (touched) AND failures <= 0;
        DELETE FROM failure_cell WHERE id = ANY (touched) AND failures <= 0;
        DELETE FROM failure_group_device t USING (SELECT DISTINCT group_id, device_id FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.device_id = f.device_id AND t.failures <= 0;
        DELETE FROM failure_group_user t USING (SELECT DISTINCT group_id, user_id FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.user_id = f.user_id AND t.failures <= 0;
        DELETE FROM failure_device t USING (SELECT DISTINCT device_id FROM unnest(changes)) f
        WHERE t.device_id = f.device_id AND t.failures <= 0;
        DELETE FROM failure_user t USING (SELECT DISTINCT user_id FROM unnest(changes)) f
        WHERE t.user_id = f.user_id AND t.failures <= 0;
    END IF;
END
$$;

CREATE FUNCTION public.failure_keys_change(sign integer, changes public.failure_key[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF cardinality(changes) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO failure_group_key (group_id, kind, has_key, key, failures)
    SELECT group_id, kind, key IS NOT NULL, coalesce(key, ''), sign * count(*) FROM unnest(changes)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (group_id, kind, has_key, key) DO UPDATE SET failures = failure_group_key.failures + excluded.failures;
    IF sign < 0 THEN
        DELETE FROM failure_group_key t USING (SELECT DISTINCT group_id FROM unnest(changes)) f
        WHERE t.group_id = f.group_id AND t.failures <= 0;
    END IF;
END
$$;

CREATE FUNCTION public.kvc_failure_cell_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_failure
        SELECT r.group_id, r.device_model, r.device_name, r.os_version, r.os_key, r.app_version,
               coalesce(r.occurred_at, r.uploaded_at), r.device_id, r.user_id
        FROM new_failures n JOIN report r ON r.id = n.report_id;
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM failure_cells_change(1, ARRAY(
            SELECT ROW(r.group_id, r.device_model, r.device_name, r.os_version, r.os_key, r.app_version,
                       coalesce(r.occurred_at, r.uploaded_at), r.device_id, r.user_id)::failure_change
            FROM new_failures n JOIN report r ON r.id = n.report_id));
    ELSE
        -- Failures deleted with their reports find none here: `report_cell_delete` counted them.
        PERFORM failure_cells_change(-1, ARRAY(
            SELECT ROW(r.group_id, r.device_model, r.device_name, r.os_version, r.os_key, r.app_version,
                       coalesce(r.occurred_at, r.uploaded_at), r.device_id, r.user_id)::failure_change
            FROM old_failures n JOIN report r ON r.id = n.report_id));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION public.kvc_failure_key_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_failure_key
        SELECT r.group_id, n.kind, n.key FROM new_failures n JOIN report r ON r.id = n.report_id;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        PERFORM failure_keys_change(-1, ARRAY(
            SELECT ROW(r.group_id, o.kind, o.key)::failure_key
            FROM old_failures o JOIN report r ON r.id = o.report_id));
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM failure_keys_change(1, ARRAY(
            SELECT ROW(r.group_id, n.kind, n.key)::failure_key
            FROM new_failures n JOIN report r ON r.id = n.report_id));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION public.report_blame_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_blame SELECT group_id, blame_frame FROM new_reports WHERE blame_frame IS NOT NULL;
        RETURN NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        WITH gone AS (
            SELECT group_id, blame_frame, count(*) AS n FROM old_reports WHERE blame_frame IS NOT NULL
            GROUP BY 1, 2 ORDER BY 1, 2
        )
        UPDATE group_blame_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.blame_frame = gone.blame_frame;
        DELETE FROM group_blame_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO group_blame_tally (group_id, blame_frame, reports)
        SELECT group_id, blame_frame, count(*) FROM new_reports WHERE blame_frame IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, blame_frame) DO UPDATE SET reports = group_blame_tally.reports + excluded.reports;
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION public.report_cell_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM failure_cells_change(-1, ARRAY(
            SELECT ROW(o.group_id, o.device_model, o.device_name, o.os_version, o.os_key, o.app_version,
                       coalesce(o.occurred_at, o.uploaded_at), o.device_id, o.user_id)::failure_change
            FROM old_reports o JOIN kvc_failure k ON k.report_id = o.id));
        RETURN NULL;
    END IF;
    PERFORM failure_cells_change(-1, ARRAY(
        SELECT ROW(o.group_id, o.device_model, o.device_name, o.os_version, o.os_key, o.app_version,
                   coalesce(o.occurred_at, o.uploaded_at), o.device_id, o.user_id)::failure_change
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = o.id
        WHERE (o.group_id, o.device_model, o.device_name, o.os_version, o.os_key, o.app_version,
               coalesce(o.occurred_at, o.uploaded_at), o.device_id, o.user_id)
              IS DISTINCT FROM
              (n.group_id, n.device_model, n.device_name, n.os_version, n.os_key, n.app_version,
               coalesce(n.occurred_at, n.uploaded_at), n.device_id, n.user_id)));
    PERFORM failure_cells_change(1, ARRAY(
        SELECT ROW(n.group_id, n.device_model, n.device_name, n.os_version, n.os_key, n.app_version,
                   coalesce(n.occurred_at, n.uploaded_at), n.device_id, n.user_id)::failure_change
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = n.id
        WHERE (o.group_id, o.device_model, o.device_name, o.os_version, o.os_key, o.app_version,
               coalesce(o.occurred_at, o.uploaded_at), o.device_id, o.user_id)
              IS DISTINCT FROM
              (n.group_id, n.device_model, n.device_name, n.os_version, n.os_key, n.app_version,
               coalesce(n.occurred_at, n.uploaded_at), n.device_id, n.user_id)));
    RETURN NULL;
END
$$;

CREATE FUNCTION public.report_key_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM failure_keys_change(-1, ARRAY(
            SELECT ROW(o.group_id, k.kind, k.key)::failure_key
            FROM old_reports o JOIN kvc_failure k ON k.report_id = o.id));
        RETURN NULL;
    END IF;
    PERFORM failure_keys_change(-1, ARRAY(
        SELECT ROW(o.group_id, k.kind, k.key)::failure_key
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = o.id
        WHERE o.group_id IS DISTINCT FROM n.group_id));
    PERFORM failure_keys_change(1, ARRAY(
        SELECT ROW(n.group_id, k.kind, k.key)::failure_key
        FROM old_reports o JOIN new_reports n ON n.id = o.id JOIN kvc_failure k ON k.report_id = n.id
        WHERE o.group_id IS DISTINCT FROM n.group_id));
    RETURN NULL;
END
$$;

CREATE FUNCTION public.report_tally_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' AND current_setting('crashscan.defer_tallies', true) = 'on' THEN
        INSERT INTO pg_temp.pending_report
        SELECT group_id, process_name, app_image, os_version, os_key, app_version, device_name, device_model,
               device_id, user_id
        FROM new_reports;
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        DELETE FROM kvc_failure WHERE report_id IN (SELECT id FROM old_reports);
        DELETE FROM report_hash WHERE content_hash IN (SELECT content_hash FROM old_reports);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        WITH gone AS (
            SELECT group_id, coalesce(process_name, app_image, '') AS app, coalesce(os_version, '') AS os_version,
                   coalesce(os_key, -1) AS os_key, coalesce(app_version, '') AS app_version, count(*) AS n
            FROM old_reports GROUP BY 1, 2, 3, 4, 5
        )
        UPDATE group_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.app = gone.app AND t.os_version = gone.os_version
          AND t.os_key = gone.os_key AND t.app_version = gone.app_version;
        WITH gone AS (
            SELECT group_id, coalesce(device_name, device_model, '') AS device, count(*) AS n
            FROM old_reports GROUP BY 1, 2
        )
        UPDATE group_device_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.device = gone.device;
        WITH gone AS (
            SELECT group_id, device_id, count(*) AS n FROM old_reports WHERE device_id IS NOT NULL GROUP BY 1, 2
        )
        UPDATE group_device_id_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.device_id = gone.device_id;
        WITH gone AS (
            SELECT group_id, user_id, count(*) AS n FROM old_reports WHERE user_id IS NOT NULL GROUP BY 1, 2
        )
        UPDATE group_user_id_tally t SET reports = t.reports - gone.n FROM gone
        WHERE t.group_id = gone.group_id AND t.user_id = gone.user_id;
        DELETE FROM group_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
        DELETE FROM group_device_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
        DELETE FROM group_device_id_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
        DELETE FROM group_user_id_tally t USING (SELECT DISTINCT group_id FROM old_reports) g
        WHERE t.group_id = g.group_id AND t.reports <= 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO group_tally (group_id, app, os_version, os_key, app_version, reports)
        SELECT group_id, coalesce(process_name, app_image, ''), coalesce(os_version, ''), coalesce(os_key, -1),
               coalesce(app_version, ''), count(*)
        FROM new_reports GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (group_id, app, os_version, os_key, app_version)
        DO UPDATE SET reports = group_tally.reports + excluded.reports;
        INSERT INTO group_device_tally (group_id, device, reports)
        SELECT group_id, coalesce(device_name, device_model, ''), count(*)
        FROM new_reports GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, device) DO UPDATE SET reports = group_device_tally.reports + excluded.reports;
        INSERT INTO group_device_id_tally (group_id, device_id, reports)
        SELECT group_id, device_id, count(*) FROM new_reports WHERE device_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, device_id) DO UPDATE SET reports = group_device_id_tally.reports + excluded.reports;
        INSERT INTO group_user_id_tally (group_id, user_id, reports)
        SELECT group_id, user_id, count(*) FROM new_reports WHERE user_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, user_id) DO UPDATE SET reports = group_user_id_tally.reports + excluded.reports;
    END IF;
    RETURN NULL;
END
$$;

SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE public.crash_group (
    id bigint NOT NULL,
    fingerprint text NOT NULL COLLATE pg_catalog."C",
    exception_type text COLLATE pg_catalog."C",
    reason text COLLATE pg_catalog."C",
    kind text COLLATE pg_catalog."C",
    accessor text COLLATE pg_catalog."C",
    receiver_class text COLLATE pg_catalog."C",
    key text COLLATE pg_catalog."C",
    key_is_private boolean,
    cause text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    created_at timestamp with time zone NOT NULL,
    sample_frames text COLLATE pg_catalog."C",
    sample_report_path text COLLATE pg_catalog."C",
    class_origin text COLLATE pg_catalog."C",
    blame_key text COLLATE pg_catalog."C"
);

ALTER TABLE public.crash_group ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.crash_group_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE VIEW public.crash_groups AS
SELECT
    NULL::bigint AS id,
    NULL::text COLLATE pg_catalog."C" AS fingerprint,
    NULL::text COLLATE pg_catalog."C" AS exception_type,
    NULL::text COLLATE pg_catalog."C" AS receiver_class,
    NULL::text COLLATE pg_catalog."C" AS key,
    NULL::text COLLATE pg_catalog."C" AS blame_frame,
    NULL::timestamp with time zone AS first_seen,
    NULL::timestamp with time zone AS last_seen,
    NULL::bigint AS report_count,
    NULL::bigint AS device_count,
    NULL::text COLLATE pg_catalog."C" AS kind,
    NULL::text COLLATE pg_catalog."C" AS accessor,
    NULL::boolean AS key_is_private,
    NULL::text COLLATE pg_catalog."C" AS cause,
    NULL::text COLLATE pg_catalog."C" AS reason,
    NULL::text COLLATE pg_catalog."C" AS class_origin,
    NULL::bigint AS affected_devices,
    NULL::bigint AS affected_users;

CREATE TABLE public.failure_cell (
    id bigint NOT NULL,
    group_id bigint NOT NULL,
    device_model text NOT NULL COLLATE pg_catalog."C",
    device_name text NOT NULL COLLATE pg_catalog."C",
    os_version text NOT NULL COLLATE pg_catalog."C",
    os_key bigint NOT NULL,
    app_version text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL,
    first_seen timestamp with time zone,
    last_seen timestamp with time zone,
    seen_stale integer DEFAULT 0 NOT NULL
);

CREATE TABLE public.failure_cell_device (
    cell_id bigint NOT NULL,
    device_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

ALTER TABLE public.failure_cell ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.failure_cell_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.failure_cell_user (
    cell_id bigint NOT NULL,
    user_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.failure_day (
    group_id bigint NOT NULL,
    day date NOT NULL,
    failures bigint NOT NULL
);

CREATE TABLE public.failure_device (
    device_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.failure_group_device (
    group_id bigint NOT NULL,
    device_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.failure_group_key (
    group_id bigint NOT NULL,
    kind text NOT NULL COLLATE pg_catalog."C",
    has_key boolean NOT NULL,
    key text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.failure_group_user (
    group_id bigint NOT NULL,
    user_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.failure_user (
    user_id text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL
);

CREATE TABLE public.group_blame_tally (
    group_id bigint NOT NULL,
    blame_frame text NOT NULL COLLATE pg_catalog."C",
    reports bigint NOT NULL
);

CREATE TABLE public.group_device_id_tally (
    group_id bigint NOT NULL,
    device_id text NOT NULL COLLATE pg_catalog."C",
    reports bigint NOT NULL
);

CREATE TABLE public.group_device_tally (
    group_id bigint NOT NULL,
    device text NOT NULL COLLATE pg_catalog."C",
    reports bigint NOT NULL
);

CREATE TABLE public.group_fix (
    group_id bigint NOT NULL,
    fixed_in text NOT NULL COLLATE pg_catalog."C",
    noted_at timestamp with time zone NOT NULL
);

CREATE TABLE public.group_tally (
    group_id bigint NOT NULL,
    app text NOT NULL COLLATE pg_catalog."C",
    os_version text NOT NULL COLLATE pg_catalog."C",
    os_key bigint NOT NULL,
    app_version text NOT NULL COLLATE pg_catalog."C",
    reports bigint NOT NULL
);

CREATE TABLE public.group_user_id_tally (
    group_id bigint NOT NULL,
    user_id text NOT NULL COLLATE pg_catalog."C",
    reports bigint NOT NULL
);

CREATE TABLE public.import_file (
    id bigint NOT NULL,
    run_id bigint NOT NULL,
    path text NOT NULL COLLATE pg_catalog."C",
    outcome text NOT NULL COLLATE pg_catalog."C",
    reason text COLLATE pg_catalog."C",
    source_format text COLLATE pg_catalog."C",
    reports_imported integer DEFAULT 0 NOT NULL,
    duplicates integer DEFAULT 0 NOT NULL,
    bytes bigint,
    file_hash text COLLATE pg_catalog."C",
    parser_revision text COLLATE pg_catalog."C",
    CONSTRAINT import_file_outcome_check CHECK ((outcome = ANY (ARRAY['imported'::text, 'duplicate'::text, 'rejected'::text, 'skipped'::text])))
);

ALTER TABLE public.import_file ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.import_file_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.import_run (
    id bigint NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    crashscan_version text NOT NULL COLLATE pg_catalog."C",
    arguments text NOT NULL COLLATE pg_catalog."C",
    files integer DEFAULT 0 NOT NULL,
    reports_imported integer DEFAULT 0 NOT NULL,
    duplicates integer DEFAULT 0 NOT NULL,
    rejected integer DEFAULT 0 NOT NULL,
    kvc_failures integer DEFAULT 0 NOT NULL,
    skipped integer DEFAULT 0 NOT NULL
);

CREATE VIEW public.import_files AS
 SELECT f.run_id,
    f.path,
    f.outcome,
    f.reason,
    f.source_format,
    f.reports_imported,
    f.duplicates,
    f.bytes,
    run.started_at
   FROM (public.import_file f
     JOIN public.import_run run ON ((run.id = f.run_id)));

ALTER TABLE public.import_run ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.import_run_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE VIEW public.import_runs AS
 SELECT import_run.id,
    import_run.started_at,
    import_run.finished_at,
    import_run.crashscan_version,
    import_run.arguments,
    import_run.files,
    import_run.reports_imported,
    import_run.duplicates,
    import_run.rejected,
    import_run.kvc_failures,
    import_run.skipped
   FROM public.import_run;

CREATE TABLE public.kvc_failure (
    report_id bigint NOT NULL,
    kind text NOT NULL COLLATE pg_catalog."C",
    accessor text COLLATE pg_catalog."C",
    receiver_class text COLLATE pg_catalog."C",
    key text COLLATE pg_catalog."C",
    key_is_private boolean NOT NULL,
    cause text NOT NULL COLLATE pg_catalog."C",
    evidence text NOT NULL COLLATE pg_catalog."C",
    class_origin text COLLATE pg_catalog."C",
    class_origin_reason text COLLATE pg_catalog."C",
    CONSTRAINT kvc_failure_accessor_check CHECK ((accessor = ANY (ARRAY['set'::text, 'get'::text]))),
    CONSTRAINT kvc_failure_cause_check CHECK ((cause = ANY (ARRAY['private_key'::text, 'outlet_mismatch'::text, 'unknown'::text]))),
    CONSTRAINT kvc_failure_kind_check CHECK ((kind = ANY (ARRAY['undefined_key'::text, 'prohibited_ivar'::text, 'obsolete_private_api'::text])))
);

CREATE TABLE public.report (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
)
PARTITION BY RANGE (retained_at);

CREATE VIEW public.kvc_failures AS
 SELECT k.report_id,
    k.kind,
    k.accessor,
    k.receiver_class,
    k.key,
    k.key_is_private,
    k.cause,
    r.device_model,
    r.device_name,
    r.os_version,
    r.os_build,
    r.app_version,
    r.occurred_at,
    r.group_id,
    r.exception_type,
    r.os_major,
    r.os_minor,
    r.os_patch,
    k.class_origin,
    k.evidence,
    r.device_id,
    r.user_id
   FROM (public.kvc_failure k
     JOIN public.report r ON ((r.id = k.report_id)));

CREATE TABLE public.meta (
    key text NOT NULL COLLATE pg_catalog."C",
    value text NOT NULL COLLATE pg_catalog."C"
);

CREATE TABLE public.recommendation (
    group_id bigint NOT NULL,
    rule_id text NOT NULL COLLATE pg_catalog."C",
    rule_source text NOT NULL COLLATE pg_catalog."C",
    fix text NOT NULL COLLATE pg_catalog."C",
    title text NOT NULL COLLATE pg_catalog."C",
    detail text NOT NULL COLLATE pg_catalog."C",
    specificity integer NOT NULL,
    confidence text COLLATE pg_catalog."C",
    confidence_reason text COLLATE pg_catalog."C",
    affected_os text COLLATE pg_catalog."C",
    crash_os_versions text COLLATE pg_catalog."C",
    clean_os_versions text COLLATE pg_catalog."C",
    confined_to_failing_os boolean,
    app_versions text COLLATE pg_catalog."C",
    fixed_in text COLLATE pg_catalog."C",
    regressed boolean DEFAULT false NOT NULL,
    evidence_json text COLLATE pg_catalog."C"
);

CREATE VIEW public.recommendations AS
 SELECT rec.group_id,
    rec.rule_id,
    rec.fix,
    rec.title,
    rec.detail,
    rec.rule_source,
    g.fingerprint,
    rec.confidence,
    rec.confidence_reason,
    rec.affected_os,
    rec.crash_os_versions,
    rec.clean_os_versions,
    rec.confined_to_failing_os,
    rec.app_versions,
    rec.fixed_in,
    rec.regressed
   FROM (public.recommendation rec
     JOIN public.crash_group g ON ((g.id = rec.group_id)));

CREATE TABLE public.report_hash (
    content_hash text NOT NULL COLLATE pg_catalog."C",
    report_id bigint NOT NULL
);

ALTER TABLE public.report ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.report_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.report_y2015m01 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2015m02 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2015m03 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2015m07 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2018m11 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2019m08 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2019m10 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2019m11 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2019m12 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2020m02 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2020m09 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2020m11 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2022m11 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE TABLE public.report_y2026m12 (
    id bigint NOT NULL,
    content_hash text NOT NULL COLLATE pg_catalog."C",
    import_file_id bigint,
    source_path text NOT NULL COLLATE pg_catalog."C",
    source_format text NOT NULL COLLATE pg_catalog."C",
    position_in_file integer DEFAULT 0 NOT NULL,
    occurred_at timestamp with time zone,
    occurred_at_raw text COLLATE pg_catalog."C",
    uploaded_at timestamp with time zone,
    imported_at timestamp with time zone NOT NULL,
    device_raw text COLLATE pg_catalog."C",
    device_model text COLLATE pg_catalog."C",
    device_name text COLLATE pg_catalog."C",
    device_kind text COLLATE pg_catalog."C",
    os_raw text COLLATE pg_catalog."C",
    os_platform text COLLATE pg_catalog."C",
    os_version text COLLATE pg_catalog."C",
    os_build text COLLATE pg_catalog."C",
    os_major integer,
    os_minor integer,
    os_patch integer,
    os_key bigint,
    os_beta boolean DEFAULT false NOT NULL,
    app_version text COLLATE pg_catalog."C",
    bundle_id text COLLATE pg_catalog."C",
    process_name text COLLATE pg_catalog."C",
    cpu_arch text COLLATE pg_catalog."C",
    jailbroken boolean,
    exception_type text COLLATE pg_catalog."C",
    exception_type_inferred boolean DEFAULT false NOT NULL,
    signal text COLLATE pg_catalog."C",
    exception_reason text COLLATE pg_catalog."C",
    app_image text COLLATE pg_catalog."C",
    blame_frame text COLLATE pg_catalog."C",
    frames text COLLATE pg_catalog."C",
    group_id bigint NOT NULL,
    symbolication text COLLATE pg_catalog."C",
    images text COLLATE pg_catalog."C",
    blame_symbolicated boolean,
    app_build text COLLATE pg_catalog."C",
    uploaded_at_raw text COLLATE pg_catalog."C",
    time_zone_assumed text COLLATE pg_catalog."C",
    text_repairs integer DEFAULT 0 NOT NULL,
    device_id text COLLATE pg_catalog."C",
    user_id text COLLATE pg_catalog."C",
    source_issue_id text COLLATE pg_catalog."C",
    source_crash_id text COLLATE pg_catalog."C",
    source_url text COLLATE pg_catalog."C",
    retained_at timestamp with time zone NOT NULL
);

CREATE VIEW public.reports AS
 SELECT r.id,
    r.source_path,
    r.source_format,
    r.occurred_at,
    r.imported_at,
    r.device_model,
    r.device_name,
    r.os_version,
    r.os_build,
    r.os_major,
    r.os_minor,
    r.os_patch,
    r.app_version,
    r.exception_type,
    r.exception_reason,
    r.group_id,
    r.uploaded_at,
    r.os_raw,
    r.device_raw,
    r.bundle_id,
    r.process_name,
    r.blame_frame,
    r.app_build,
    r.occurred_at_raw,
    r.uploaded_at_raw,
    r.time_zone_assumed,
    r.symbolication,
    r.text_repairs,
    r.device_id,
    r.user_id,
    r.source_issue_id,
    r.source_crash_id,
    r.source_url
   FROM public.report r;

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    applied_at timestamp with time zone NOT NULL
);

CREATE TABLE public.source_finding (
    id bigint NOT NULL,
    scan_id bigint NOT NULL,
    path text NOT NULL COLLATE pg_catalog."C",
    line integer NOT NULL,
    column_number integer NOT NULL,
    end_line integer NOT NULL,
    end_column integer NOT NULL,
    language text NOT NULL COLLATE pg_catalog."C",
    rule_id text NOT NULL COLLATE pg_catalog."C",
    severity text NOT NULL COLLATE pg_catalog."C",
    fix text NOT NULL COLLATE pg_catalog."C",
    accessor text NOT NULL COLLATE pg_catalog."C",
    receiver text NOT NULL COLLATE pg_catalog."C",
    receiver_class text COLLATE pg_catalog."C",
    rule_class text COLLATE pg_catalog."C",
    class_known boolean NOT NULL,
    key text NOT NULL COLLATE pg_catalog."C",
    key_path text NOT NULL COLLATE pg_catalog."C",
    message text NOT NULL COLLATE pg_catalog."C",
    fingerprint text NOT NULL COLLATE pg_catalog."C",
    CONSTRAINT source_finding_language_check CHECK ((language = ANY (ARRAY['objc'::text, 'swift'::text, 'ib'::text]))),
    CONSTRAINT source_finding_severity_check CHECK ((severity = ANY (ARRAY['high'::text, 'medium'::text, 'low'::text])))
);

ALTER TABLE public.source_finding ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.source_finding_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.source_scan (
    id bigint NOT NULL,
    scanned_at timestamp with time zone NOT NULL,
    crashscan_version text NOT NULL COLLATE pg_catalog."C",
    roots text NOT NULL COLLATE pg_catalog."C",
    files integer NOT NULL,
    bytes bigint NOT NULL
);

CREATE VIEW public.source_findings AS
 SELECT f.path,
    f.line,
    f.column_number AS "column",
    f.end_line,
    f.end_column,
    f.language,
    f.rule_id,
    f.severity,
    f.fix,
    f.accessor,
    f.receiver,
    f.receiver_class,
    f.rule_class,
    f.class_known,
    f.key,
    f.key_path,
    f.message,
    f.fingerprint,
    s.id AS scan_id,
    s.scanned_at
   FROM (public.source_finding f
     JOIN public.source_scan s ON ((s.id = f.scan_id)))
  WHERE (s.id = ( SELECT max(source_scan.id) AS max
           FROM public.source_scan));

ALTER TABLE public.source_scan ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.source_scan_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2015m01 FOR VALUES FROM ('2015-01-01 00:00:00+00') TO ('2015-02-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2015m02 FOR VALUES FROM ('2015-02-01 00:00:00+00') TO ('2015-03-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2015m03 FOR VALUES FROM ('2015-03-01 00:00:00+00') TO ('2015-04-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2015m07 FOR VALUES FROM ('2015-07-01 00:00:00+00') TO ('2015-08-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2018m11 FOR VALUES FROM ('2018-11-01 00:00:00+00') TO ('2018-12-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2019m08 FOR VALUES FROM ('2019-08-01 00:00:00+00') TO ('2019-09-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2019m10 FOR VALUES FROM ('2019-10-01 00:00:00+00') TO ('2019-11-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2019m11 FOR VALUES FROM ('2019-11-01 00:00:00+00') TO ('2019-12-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2019m12 FOR VALUES FROM ('2019-12-01 00:00:00+00') TO ('2020-01-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2020m02 FOR VALUES FROM ('2020-02-01 00:00:00+00') TO ('2020-03-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2020m09 FOR VALUES FROM ('2020-09-01 00:00:00+00') TO ('2020-10-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2020m11 FOR VALUES FROM ('2020-11-01 00:00:00+00') TO ('2020-12-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2022m11 FOR VALUES FROM ('2022-11-01 00:00:00+00') TO ('2022-12-01 00:00:00+00');

ALTER TABLE ONLY public.report ATTACH PARTITION public.report_y2026m12 FOR VALUES FROM ('2026-12-01 00:00:00+00') TO ('2027-01-01 00:00:00+00');

INSERT INTO public.crash_group VALUES (1, '1b4b4cd6e7a00b01', 'NSUnknownKeyException', '[setValue:forUndefinedKey:]:this class is not key value coding-compliant for the key_placeholderLabel.', 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[NSException raise]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]	
Foundation	_NSSetUsingKeyValueSetter	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKey:]	
UIKit	-[UIView(CALayerDelegate) setValue:forKey:]	
LilyForParent	-[UITextView(Extension) was_setPlaceholderWithText:Color:]	UITextView+Extension.m:41
LilyForParent	-[LFPFeedbackViewController setupTextView]	LFPFeedbackViewController.m:88
LilyForParent	-[LFPFeedbackViewController viewDidLoad]	LFPFeedbackViewController.m:52
UIKit	-[UIViewController loadViewIfRequired]	
UIKit	-[UIViewController view]	
UIKit	-[UINavigationController _startCustomTransition:]	
UIKit	-[UINavigationController _startDeferredTransitionIfNeeded:]	
UIKit	-[UINavigationController __viewWillLayoutSubviews]	
UIKit	-[UILayoutContainerView layoutSubviews]	
UIKit	-[UIView(CALayerDelegate) layoutSublayersOfLayer:]	
QuartzCore	-[CALayer layoutSublayers]	
QuartzCore	CA::Layer::layout_if_needed(CA::Transaction*)	
QuartzCore	CA::Transaction::commit()	
CoreFoundation	__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__	
CoreFoundation	__CFRunLoopDoObservers	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKit	UIApplicationMain	
LilyForParent	main	main.m:16
libdyld.dylib	start	', 'SampleReports/02-bugly-console-zh-textview.txt', 'uikit', '-[uitextview(extension)was_setplaceholderwithtext:color:]');
INSERT INTO public.crash_group VALUES (11, 'cf4dc8cf7a7a59b0', 'NSRangeException', '-[__NSArrayI objectAtIndex:]: index # beyond bounds [# .. #]', NULL, NULL, NULL, NULL, NULL, NULL, '-[LFPTimelineViewController tableView:cellForRowAtIndexPath:]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[__NSArrayI objectAtIndex:]	
LilyForParent	-[LFPTimelineViewController tableView:cellForRowAtIndexPath:]	LFPTimelineViewController.m:214
UIKit	-[UITableView _createPreparedCellForGlobalRow:withIndexPath:willDisplay:]	
UIKit	-[UITableView _updateVisibleCellsNow:isRecursive:]	
UIKit	-[UITableView layoutSubviews]	
UIKit	-[UIView(CALayerDelegate) layoutSublayersOfLayer:]	
QuartzCore	-[CALayer layoutSublayers]	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKit	UIApplicationMain	
LilyForParent	main	main.m:16
libdyld.dylib	start	', 'SampleReports/11-not-kvc-range-exception-zh.txt', NULL, '-[lfptimelineviewcontrollertableview:cellforrowatindexpath:]');
INSERT INTO public.crash_group VALUES (2, '3195a2ea196f76e6', 'NSGenericException', 'Access to UITextField''s _placeholderLabel ivar is prohibited. This is an application bug', 'prohibited_ivar', 'get', 'UITextField', '_placeholderLabel', true, 'private_key', '-[TKSearchHeaderView setupSearchField]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	+[NSException raise:format:]	
UIKitCore	UIKVCAccessProhibited	
UIKitCore	-[UITextField valueForKey:]	
Foundation	-[NSObject(NSKeyValueCoding) valueForKeyPath:]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKeyPath:]	
Tickety	-[TKSearchHeaderView setupSearchField]	TKSearchHeaderView.m:57
Tickety	-[TKSearchHeaderView initWithFrame:]	TKSearchHeaderView.m:31
UIKitCore	0x00000001a3d1c000 + 4885036	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
Tickety	-[TKHomeViewController viewDidLoad]	TKHomeViewController.m:102
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
UIKitCore	-[UIViewController loadViewIfRequired]	
CoreFoundation	__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__	
CoreFoundation	__CFRunLoopDoObservers	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	UIApplicationMain	
Tickety	main	main.m:14
libdyld.dylib	start	', 'SampleReports/04-bugly-console-en-markdown-table.md', 'uikit', '-[tksearchheaderviewsetupsearchfield]');
INSERT INTO public.crash_group VALUES (3, '7985ce73d5901e17', 'NSGenericException', 'Access to UISearchBar''s _searchField ivar is prohibited. This is an application bug', 'prohibited_ivar', 'get', 'UISearchBar', '_searchField', true, 'private_key', '-[UISearchBar(MLTheme) ml_applyTheme]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	+[NSException raise:format:]	
UIKitCore	-[UISearchBar _searchField]	
Foundation	-[NSObject(NSKeyValueCoding) valueForKey:]	
Mallory	-[UISearchBar(MLTheme) ml_applyTheme]	
Mallory	-[MLSearchViewController viewDidLoad]	
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
CoreFoundation	__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	UIApplicationMain	
Mallory	main	
libdyld.dylib	start	', 'SampleReports/05-bugly-console-zh-table-header.md', 'uikit', '-[uisearchbar(mltheme)ml_applytheme]');
INSERT INTO public.crash_group VALUES (4, 'd56673c283fc447e', 'NSInternalInconsistencyException', 'App called -statusBar or -statusBarWindow on UIApplication: this code must be changed as there''s no longer a status bar or status bar window. Use the statusBarManager object on the window scene instead.', 'obsolete_private_api', 'get', 'UIApplication', 'statusBar', true, 'private_key', '+[NPNetworkProbe currentRadioType]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	+[NSException raise:format:]	
UIKitCore	-[UIApplication statusBar]	
Foundation	-[NSObject(NSKeyValueCoding) valueForKey:]	
NetPulse	+[NPNetworkProbe currentRadioType]	NPNetworkProbe.m:48
NetPulse	-[NPDashboardViewController refreshStatus]	NPDashboardViewController.m:133
libdispatch.dylib	_dispatch_call_block_and_release	
libdispatch.dylib	_dispatch_client_callout	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	UIApplicationMain	
NetPulse	main	main.m:14
libdyld.dylib	start	', 'SampleReports/07-bugly-api-array.json', 'uikit', '+[npnetworkprobecurrentradiotype]');
INSERT INTO public.crash_group VALUES (5, '49ce39b118c0383d', 'NSUnknownKeyException', '[<UIStatusBar_Modern 0x?> valueForUndefinedKey:]: this class is not key value coding-compliant for the key foregroundView.', 'undefined_key', 'get', 'UIStatusBar_Modern', 'foregroundView', true, 'private_key', '+[NPNetworkProbe currentRadioType]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[NSException raise]	
Foundation	-[NSObject(NSKeyValueCoding) valueForUndefinedKey:]	
Foundation	-[NSObject(NSKeyValueCoding) valueForKey:]	
NetPulse	+[NPNetworkProbe currentRadioType]	NPNetworkProbe.m:52
NetPulse	-[NPDashboardViewController refreshStatus]	NPDashboardViewController.m:133
libdispatch.dylib	_dispatch_client_callout	
CoreFoundation	CFRunLoopRunSpecific	
UIKitCore	UIApplicationMain	
NetPulse	main	main.m:14', 'SampleReports/07-bugly-api-array.json', 'uikit_private', '+[npnetworkprobecurrentradiotype]');
INSERT INTO public.crash_group VALUES (6, 'd5eac739346b57d8', 'NSRangeException', '*** -[__NSArrayM objectAtIndexedSubscript:]: index # beyond bounds [# .. #]', NULL, NULL, NULL, NULL, NULL, NULL, '-[NPHistoryViewController tableView:cellForRowAtIndexPath:]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[__NSArrayM objectAtIndexedSubscript:]	
NetPulse	-[NPHistoryViewController tableView:cellForRowAtIndexPath:]	NPHistoryViewController.m:210
UIKitCore	-[UITableView _createPreparedCellForGlobalRow:withIndexPath:willDisplay:]	
UIKitCore	-[UITableView _updateVisibleCellsNow:]	
UIKitCore	-[UITableView layoutSubviews]	
QuartzCore	-[CALayer layoutSublayers]	
CoreFoundation	CFRunLoopRunSpecific	
UIKitCore	UIApplicationMain	
NetPulse	main	main.m:14', 'SampleReports/07-bugly-api-array.json', NULL, '-[nphistoryviewcontrollertableview:cellforrowatindexpath:]');
INSERT INTO public.crash_group VALUES (7, '42e740498c75752a', 'NSUnknownKeyException', '', 'undefined_key', 'set', NULL, NULL, false, 'outlet_mismatch', 'Shopster + 1168100', '2026-12-03 10:51:06+00', 'CoreFoundation	0x00000001b5df6000 + 1198476	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[NSException raise]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKey:]	
UIKitCore	-[UIView(CALayerDelegate) setValue:forKey:]	
UIKitCore	-[UIRuntimeOutletConnection connect]	
CoreFoundation	-[NSArray makeObjectsPerformSelector:]	
UIKitCore	-[UINib instantiateWithOwner:options:]	
UIKitCore	-[UIViewController _loadViewFromNibNamed:bundle:]	
UIKitCore	-[UIViewController loadView]	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
Shopster	0x0000000100a00000 + 1168100	
Shopster	0x0000000100a00000 + 1165728	
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	UIApplicationMain	
Shopster	0x0000000100a00000 + 50392	
libdyld.dylib	0x00000001b5951000 + 3608	', 'SampleReports/08-bugly-sdk-crash.log', NULL, 'image:shopster');
INSERT INTO public.crash_group VALUES (8, '693e41b706562c66', 'EXC_BAD_ACCESS', '', NULL, NULL, NULL, NULL, NULL, NULL, 'Shopster + 2361884', '2026-12-03 10:51:06+00', 'libobjc.A.dylib	objc_msgSend	
Shopster	0x0000000100a00000 + 2361884	
Shopster	0x0000000100a00000 + 2356664	
libdispatch.dylib	_dispatch_call_block_and_release	
libdispatch.dylib	_dispatch_client_callout	
libdispatch.dylib	_dispatch_queue_serial_drain	
libdispatch.dylib	_dispatch_worker_thread3	
libsystem_pthread.dylib	_pthread_wqthread	
libsystem_pthread.dylib	start_wqthread	', 'SampleReports/08-bugly-sdk-crash.log', NULL, 'image:shopster');
INSERT INTO public.crash_group VALUES (10, '7893a32d228d56a0', 'NSInternalInconsistencyException', 'Call to obsolete private method -[UIPageControl _setPageImage:]', 'obsolete_private_api', 'set', 'UIPageControl', 'pageImage', true, 'private_key', '-[FTOnboardingViewController configurePageControl]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	+[NSException raise:format:]	
UIKitCore	-[UIPageControl _setPageImage:]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKey:]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKeyPath:]	
Fitly	-[FTOnboardingViewController configurePageControl]	FTOnboardingViewController.m:118
Fitly	-[FTOnboardingViewController viewDidLoad]	FTOnboardingViewController.m:64
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
UIKitCore	-[UIWindow addRootViewControllerViewIfPossible]	
UIKitCore	-[UIWindow _updateLayerOrderingAndSetLayerHidden:actionBlock:]	
UIKitCore	-[UIWindow _setHidden:forced:]	
UIKitCore	-[UIWindow makeKeyAndVisible]	
Fitly	-[FTAppDelegate application:didFinishLaunchingWithOptions:]	FTAppDelegate.m:45
UIKitCore	-[UIApplication _handleDelegateCallbacksWithOptions:isSuspended:restoreState:]	
UIKitCore	UIApplicationMain	
Fitly	main	main.m:14
libdyld.dylib	start	', 'SampleReports/10-bugly-console-en-utf16-crlf.txt', 'uikit', '-[ftonboardingviewcontrollerconfigurepagecontrol]');
INSERT INTO public.crash_group VALUES (12, '7dcdc7604ed74e2d', 'NSInvalidArgumentException', '-[_UIDatePickerIOSCompactView _setTextColor:]: unrecognized selector sent to instance 0x?', 'obsolete_private_api', 'set', 'UIDatePicker', 'textColor', true, 'private_key', '-[RMReminderEditorViewController styleDatePicker]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[NSObject(NSObject) doesNotRecognizeSelector:]	
CoreFoundation	__forwarding___	
CoreFoundation	__CF_forwarding_prep_0	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKey:]	
UIKitCore	-[UIView(CALayerDelegate) setValue:forKey:]	
Remindly	-[RMReminderEditorViewController styleDatePicker]	
Remindly	-[RMReminderEditorViewController viewDidLoad]	
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
CoreFoundation	__CFRunLoopRun	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	-[UIApplication _run]	
UIKitCore	UIApplicationMain	
Remindly	main	
libdyld.dylib	start	', 'SampleReports/13-bugly-console-en-datepicker.txt', 'uikit', '-[rmremindereditorviewcontrollerstyledatepicker]');
INSERT INTO public.crash_group VALUES (13, 'abbecda25c6df149', 'NSUnknownKeyException', '[<UIAlertAction 0x?> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key titleTextColor.', 'undefined_key', 'set', 'UIAlertAction', 'titleTextColor', true, 'private_key', '-[LFPAlertHelper destructiveAction:handler:]', '2026-12-03 10:51:06+00', 'CoreFoundation	__exceptionPreprocess	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]	
LilyForParent	-[LFPAlertHelper destructiveAction:handler:]	LFPAlertHelper.m:27
LilyForParent	-[LFPSettingsViewController logoutTapped:]	LFPSettingsViewController.m:140', 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/crash-list.json', 'uikit', '-[lfpalerthelperdestructiveaction:handler:]');

INSERT INTO public.failure_cell VALUES (1, 1, '', 'iPad mini 2', '8.1', 8001000, '2.3.1', 1, '2015-03-04 08:20:41+00', '2015-03-04 08:20:41+00', 0);
INSERT INTO public.failure_cell VALUES (2, 1, 'iPhone7,1', 'iPhone 6 Plus', '8.1.3', 8001003, '', 1, NULL, NULL, 0);
INSERT INTO public.failure_cell VALUES (3, 1, 'iPhone7,1', 'iPhone 6 Plus', '8.1.3', 8001003, '2.3.1', 3, '2015-02-27 11:44:10+00', '2015-03-02 11:07:41.328+00', 0);
INSERT INTO public.failure_cell VALUES (4, 1, 'iPhone7,2', 'iPhone 6', '8.1.2', 8001002, '2.3.0', 1, '2015-02-11 13:03:15+00', '2015-02-11 13:03:15+00', 0);
INSERT INTO public.failure_cell VALUES (5, 1, 'iPhone7,2', 'iPhone 6', '8.1.2', 8001002, '2.3.1', 2, '2015-03-06 00:41:17+00', '2015-03-07 02:22:05.117+00', 0);
INSERT INTO public.failure_cell VALUES (6, 2, 'iPhone12,1', 'iPhone 11', '13.3', 13003000, '3.8.0', 1, '2019-12-19 06:22:08+00', '2019-12-19 06:22:08+00', 0);
INSERT INTO public.failure_cell VALUES (7, 3, '', 'iPhone XS Max', '13.1.2', 13001002, '6.2.0', 1, '2019-10-08 01:41:27+00', '2019-10-08 01:41:27+00', 0);
INSERT INTO public.failure_cell VALUES (8, 3, 'iPhone14,5', 'iPhone 13', '16.1', 16001000, '6.4.0', 1, '2022-11-03 13:14:09.441+00', '2022-11-03 13:14:09.441+00', 0);
INSERT INTO public.failure_cell VALUES (9, 4, 'iPhone11,2', 'iPhone XS', '13.2.3', 13002003, '4.1.0', 1, '2019-11-25 00:12:55+00', '2019-11-25 00:12:55+00', 0);
INSERT INTO public.failure_cell VALUES (10, 5, 'iPhone10,3', 'iPhone X', '12.1', 12001000, '4.0.3', 1, '2018-11-14 09:30:02+00', '2018-11-14 09:30:02+00', 0);
INSERT INTO public.failure_cell VALUES (11, 7, 'iPhone10,1', 'iPhone 8', '12.4', 12004000, '7.4.2', 1, '2019-08-02 12:15:33.412+00', '2019-08-02 12:15:33.412+00', 0);
INSERT INTO public.failure_cell VALUES (13, 10, 'iPhone13,2', 'iPhone 12', '14.2', 14002000, '5.0.1', 1, '2020-11-20 02:02:33+00', '2020-11-20 02:02:33+00', 0);
INSERT INTO public.failure_cell VALUES (14, 12, 'iPhone12,3', 'iPhone 11 Pro', '14.0.1', 14000001, '2.7.0', 1, '2020-09-28 10:03:51+00', '2020-09-28 10:03:51+00', 0);
INSERT INTO public.failure_cell VALUES (15, 13, 'iPhone7,1', 'iPhone 6 Plus', '8.2', 8002000, '2.3.1', 1, '2015-03-09 04:05:33+00', '2015-03-09 04:05:33+00', 0);
INSERT INTO public.failure_cell VALUES (16, 1, 'iPhone7,2', 'iPhone 6', '8.1.2', 8001002, '2.2.9', 1, '2015-01-19 04:40:05.331+00', '2015-01-19 04:40:05.331+00', 0);

INSERT INTO public.failure_cell_device VALUES (1, '6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046', 1);
INSERT INTO public.failure_cell_device VALUES (3, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', 1);
INSERT INTO public.failure_cell_device VALUES (3, 'A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10', 1);
INSERT INTO public.failure_cell_device VALUES (3, 'C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3', 1);
INSERT INTO public.failure_cell_device VALUES (5, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', 1);
INSERT INTO public.failure_cell_device VALUES (11, '8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70', 1);
INSERT INTO public.failure_cell_device VALUES (14, '0E7C4B2A-93D1-4F68-B5A0-7C1E2D9F3B84', 1);

INSERT INTO public.failure_cell_user VALUES (1, 'u_488120', 1);
INSERT INTO public.failure_cell_user VALUES (3, 'u_301245', 2);
INSERT INTO public.failure_cell_user VALUES (11, '10086', 1);
INSERT INTO public.failure_cell_user VALUES (14, '7731', 1);

INSERT INTO public.failure_day VALUES (1, '2015-02-11', 1);
INSERT INTO public.failure_day VALUES (1, '2015-02-27', 1);
INSERT INTO public.failure_day VALUES (1, '2015-03-01', 1);
INSERT INTO public.failure_day VALUES (1, '2015-03-02', 1);
INSERT INTO public.failure_day VALUES (1, '2015-03-04', 1);
INSERT INTO public.failure_day VALUES (1, '2015-03-06', 1);
INSERT INTO public.failure_day VALUES (1, '2015-03-07', 1);
INSERT INTO public.failure_day VALUES (2, '2019-12-19', 1);
INSERT INTO public.failure_day VALUES (3, '2019-10-08', 1);
INSERT INTO public.failure_day VALUES (3, '2022-11-03', 1);
INSERT INTO public.failure_day VALUES (4, '2019-11-25', 1);
INSERT INTO public.failure_day VALUES (5, '2018-11-14', 1);
INSERT INTO public.failure_day VALUES (7, '2019-08-02', 1);
INSERT INTO public.failure_day VALUES (10, '2020-11-20', 1);
INSERT INTO public.failure_day VALUES (12, '2020-09-28', 1);
INSERT INTO public.failure_day VALUES (13, '2015-03-09', 1);
INSERT INTO public.failure_day VALUES (1, '2015-01-19', 1);

INSERT INTO public.failure_device VALUES ('0E7C4B2A-93D1-4F68-B5A0-7C1E2D9F3B84', 1);
INSERT INTO public.failure_device VALUES ('5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', 2);
INSERT INTO public.failure_device VALUES ('6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046', 1);
INSERT INTO public.failure_device VALUES ('8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70', 1);
INSERT INTO public.failure_device VALUES ('A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10', 1);
INSERT INTO public.failure_device VALUES ('C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3', 1);

INSERT INTO public.failure_group_device VALUES (1, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', 2);
INSERT INTO public.failure_group_device VALUES (1, '6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046', 1);
INSERT INTO public.failure_group_device VALUES (1, 'A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10', 1);
INSERT INTO public.failure_group_device VALUES (1, 'C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3', 1);
INSERT INTO public.failure_group_device VALUES (7, '8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70', 1);
INSERT INTO public.failure_group_device VALUES (12, '0E7C4B2A-93D1-4F68-B5A0-7C1E2D9F3B84', 1);

INSERT INTO public.failure_group_key VALUES (2, 'prohibited_ivar', true, '_placeholderLabel', 1);
INSERT INTO public.failure_group_key VALUES (3, 'prohibited_ivar', true, '_searchField', 2);
INSERT INTO public.failure_group_key VALUES (4, 'obsolete_private_api', true, 'statusBar', 1);
INSERT INTO public.failure_group_key VALUES (5, 'undefined_key', true, 'foregroundView', 1);
INSERT INTO public.failure_group_key VALUES (7, 'undefined_key', false, '', 1);
INSERT INTO public.failure_group_key VALUES (10, 'obsolete_private_api', true, 'pageImage', 1);
INSERT INTO public.failure_group_key VALUES (12, 'obsolete_private_api', true, 'textColor', 1);
INSERT INTO public.failure_group_key VALUES (13, 'undefined_key', true, 'titleTextColor', 1);
INSERT INTO public.failure_group_key VALUES (1, 'undefined_key', true, '_placeholderLabel', 9);

INSERT INTO public.failure_group_user VALUES (1, 'u_301245', 2);
INSERT INTO public.failure_group_user VALUES (1, 'u_488120', 1);
INSERT INTO public.failure_group_user VALUES (7, '10086', 1);
INSERT INTO public.failure_group_user VALUES (12, '7731', 1);

INSERT INTO public.failure_user VALUES ('10086', 1);
INSERT INTO public.failure_user VALUES ('7731', 1);
INSERT INTO public.failure_user VALUES ('u_301245', 2);
INSERT INTO public.failure_user VALUES ('u_488120', 1);

INSERT INTO public.group_blame_tally VALUES (1, '-[UItextView(Extension)was_setPlaceholderWithText:Color:]', 1);
INSERT INTO public.group_blame_tally VALUES (2, '-[TKSearchHeaderView setupSearchField]', 1);
INSERT INTO public.group_blame_tally VALUES (3, '-[UISearchBar(MLTheme) ml_applyTheme]', 2);
INSERT INTO public.group_blame_tally VALUES (4, '+[NPNetworkProbe currentRadioType]', 1);
INSERT INTO public.group_blame_tally VALUES (5, '+[NPNetworkProbe currentRadioType]', 1);
INSERT INTO public.group_blame_tally VALUES (6, '-[NPHistoryViewController tableView:cellForRowAtIndexPath:]', 1);
INSERT INTO public.group_blame_tally VALUES (7, 'Shopster + 1168100', 1);
INSERT INTO public.group_blame_tally VALUES (8, 'Shopster + 2361884', 1);
INSERT INTO public.group_blame_tally VALUES (10, '-[FTOnboardingViewController configurePageControl]', 1);
INSERT INTO public.group_blame_tally VALUES (11, '-[LFPTimelineViewController tableView:cellForRowAtIndexPath:]', 1);
INSERT INTO public.group_blame_tally VALUES (12, '-[RMReminderEditorViewController styleDatePicker]', 1);
INSERT INTO public.group_blame_tally VALUES (13, '-[LFPAlertHelper destructiveAction:handler:]', 1);
INSERT INTO public.group_blame_tally VALUES (1, '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', 8);

INSERT INTO public.group_device_id_tally VALUES (1, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', 2);
INSERT INTO public.group_device_id_tally VALUES (1, '6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046', 1);
INSERT INTO public.group_device_id_tally VALUES (1, 'A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10', 1);
INSERT INTO public.group_device_id_tally VALUES (1, 'C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3', 1);
INSERT INTO public.group_device_id_tally VALUES (7, '8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70', 1);
INSERT INTO public.group_device_id_tally VALUES (8, '3D9A7B51-0C2E-4F6A-8B1D-7E4C5A6B2F90', 1);
INSERT INTO public.group_device_id_tally VALUES (12, '0E7C4B2A-93D1-4F68-B5A0-7C1E2D9F3B84', 1);

INSERT INTO public.group_device_tally VALUES (1, 'iPad mini 2', 1);
INSERT INTO public.group_device_tally VALUES (1, 'iPhone 6 Plus', 4);
INSERT INTO public.group_device_tally VALUES (2, 'iPhone 11', 1);
INSERT INTO public.group_device_tally VALUES (3, 'iPhone 13', 1);
INSERT INTO public.group_device_tally VALUES (3, 'iPhone XS Max', 1);
INSERT INTO public.group_device_tally VALUES (4, 'iPhone XS', 1);
INSERT INTO public.group_device_tally VALUES (5, 'iPhone X', 1);
INSERT INTO public.group_device_tally VALUES (6, 'iPhone 8 Plus', 1);
INSERT INTO public.group_device_tally VALUES (7, 'iPhone 8', 1);
INSERT INTO public.group_device_tally VALUES (8, 'iPhone 7', 1);
INSERT INTO public.group_device_tally VALUES (10, 'iPhone 12', 1);
INSERT INTO public.group_device_tally VALUES (11, 'iPhone 6 Plus', 1);
INSERT INTO public.group_device_tally VALUES (12, 'iPhone 11 Pro', 1);
INSERT INTO public.group_device_tally VALUES (13, 'iPhone 6 Plus', 1);
INSERT INTO public.group_device_tally VALUES (1, 'iPhone 6', 4);

INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1', 8001000, '2.3.1', 1);
INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1.2', 8001002, '2.3.0', 1);
INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1.2', 8001002, '2.3.1', 2);
INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1.3', 8001003, '', 1);
INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1.3', 8001003, '2.3.1', 3);
INSERT INTO public.group_tally VALUES (2, 'Tickety', '13.3', 13003000, '3.8.0', 1);
INSERT INTO public.group_tally VALUES (3, 'Mallory', '13.1.2', 13001002, '6.2.0', 1);
INSERT INTO public.group_tally VALUES (3, 'Mallory', '16.1', 16001000, '6.4.0', 1);
INSERT INTO public.group_tally VALUES (4, 'NetPulse', '13.2.3', 13002003, '4.1.0', 1);
INSERT INTO public.group_tally VALUES (5, 'NetPulse', '12.1', 12001000, '4.0.3', 1);
INSERT INTO public.group_tally VALUES (6, 'NetPulse', '13.3.1', 13003001, '4.1.0', 1);
INSERT INTO public.group_tally VALUES (7, 'Shopster', '12.4', 12004000, '7.4.2', 1);
INSERT INTO public.group_tally VALUES (8, 'Shopster', '12.3.1', 12003001, '7.4.2', 1);
INSERT INTO public.group_tally VALUES (10, 'Fitly', '14.2', 14002000, '5.0.1', 1);
INSERT INTO public.group_tally VALUES (11, 'LilyForParent', '8.4', 8004000, '2.4.0', 1);
INSERT INTO public.group_tally VALUES (12, 'Remindly', '14.0.1', 14000001, '2.7.0', 1);
INSERT INTO public.group_tally VALUES (13, 'LilyForParent', '8.2', 8002000, '2.3.1', 1);
INSERT INTO public.group_tally VALUES (1, 'LilyForParent', '8.1.2', 8001002, '2.2.9', 1);

INSERT INTO public.group_user_id_tally VALUES (1, 'u_301245', 2);
INSERT INTO public.group_user_id_tally VALUES (1, 'u_488120', 1);
INSERT INTO public.group_user_id_tally VALUES (7, '10086', 1);
INSERT INTO public.group_user_id_tally VALUES (8, '20931', 1);
INSERT INTO public.group_user_id_tally VALUES (12, '7731', 1);

INSERT INTO public.import_file VALUES (1, 1, 'SampleReports/01-seed-bugly-console-ja.txt', 'imported', NULL, 'bugly-console', 1, 0, 295, '51d8660a08dfb1b904917dbdceae8dfa', '0.1.0/3');
INSERT INTO public.import_file VALUES (2, 1, 'SampleReports/02-bugly-console-zh-textview.txt', 'imported', NULL, 'bugly-console', 1, 0, 2158, '1fb412ddffe445977316e7e360c2959f', '0.1.0/3');
INSERT INTO public.import_file VALUES (3, 1, 'SampleReports/03-bugly-console-zh-gbk.txt', 'imported', NULL, 'bugly-console', 1, 0, 1155, '71ba85731826003a0d08f56b5352c7a4', '0.1.0/3');
INSERT INTO public.import_file VALUES (4, 1, 'SampleReports/04-bugly-console-en-markdown-table.md', 'imported', NULL, 'bugly-console', 1, 0, 1665, 'b4b14aa89f8841be3cf97390b7096f0b', '0.1.0/3');
INSERT INTO public.import_file VALUES (5, 1, 'SampleReports/05-bugly-console-zh-table-header.md', 'imported', NULL, 'bugly-console', 1, 0, 1427, 'f80c6b9d527b8a78b1feb639afd8230e', '0.1.0/3');
INSERT INTO public.import_file VALUES (6, 1, 'SampleReports/06-bugly-api-crashmap.json', 'imported', NULL, 'bugly-json', 1, 0, 1948, '43d426d610691922d28a0b1cb9ec759a', '0.1.0/3');
INSERT INTO public.import_file VALUES (7, 1, 'SampleReports/07-bugly-api-array.json', 'imported', NULL, 'bugly-json', 3, 0, 3382, '2445351c79cd9ae94cd703e0cd1b9a1b', '0.1.0/3');
INSERT INTO public.import_file VALUES (8, 1, 'SampleReports/08-bugly-sdk-crash.log', 'imported', NULL, 'bugly-crash-log', 2, 0, 4527, 'd6d8ea53c5d87e22a1930edf8aa2837b', '0.1.0/3');
INSERT INTO public.import_file VALUES (9, 1, 'SampleReports/09-bugly-sdk-1.4.0-crash.log', 'imported', NULL, 'bugly-crash-log', 1, 0, 2208, '08162e66e9b1b3fc6a19cbaa2c1cbe58', '0.1.0/3');
INSERT INTO public.import_file VALUES (10, 1, 'SampleReports/10-bugly-console-en-utf16-crlf.txt', 'imported', NULL, 'bugly-console', 1, 0, 3144, '82358a4fd54c867489e691d502420fdf', '0.1.0/3');
INSERT INTO public.import_file VALUES (11, 1, 'SampleReports/11-not-kvc-range-exception-zh.txt', 'imported', NULL, 'bugly-console', 1, 0, 1098, '70b09df92f00ae33f1764e1212484232', '0.1.0/3');
INSERT INTO public.import_file VALUES (12, 1, 'SampleReports/12-not-a-crash-release-notes.txt', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 240, NULL, NULL);
INSERT INTO public.import_file VALUES (13, 1, 'SampleReports/13-bugly-console-en-datepicker.txt', 'imported', NULL, 'bugly-console', 1, 0, 1326, '252fb054271206cb8550e653de1ca642', '0.1.0/3');
INSERT INTO public.import_file VALUES (14, 1, 'SampleReports/14-bugly-console-zh-textview-ipad.txt', 'imported', NULL, 'bugly-console', 1, 0, 1142, '385e0ad3bd8e2022fac1d272c6e239c8', '0.1.0/3');
INSERT INTO public.import_file VALUES (15, 1, 'SampleReports/15-apple-textview-ios8.1.3.crash', 'imported', NULL, 'apple-crash', 1, 0, 5045, '2dc5bc622aa91ea49b2e3344858b5483', '0.1.0/3');
INSERT INTO public.import_file VALUES (16, 1, 'SampleReports/16-apple-searchbar-ios16.1.ips', 'imported', NULL, 'apple-ips', 1, 0, 5918, '8b01725f67e6fbf752b6159ed9d64d9b', '0.1.0/3');
INSERT INTO public.import_file VALUES (17, 1, 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/apple/LilyForParent-2015-03-07.crash', 'imported', NULL, 'apple-crash', 1, 0, 5045, '55b303c7c2d7a4b71405d0eea55972d8', '0.1.0/3');
INSERT INTO public.import_file VALUES (18, 1, 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/crash-list.json', 'imported', NULL, 'bugly-json', 2, 0, 1738, 'b02a8cffd7780391d5847e2e99f2f14d', '0.1.0/3');
INSERT INTO public.import_file VALUES (19, 1, 'SampleReports/SampleApp/Fitly/Onboarding.xib', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 1267, NULL, NULL);
INSERT INTO public.import_file VALUES (20, 1, 'SampleReports/SampleApp/LilyForParent/UITextView+Extension.h', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 140, NULL, NULL);
INSERT INTO public.import_file VALUES (21, 1, 'SampleReports/SampleApp/LilyForParent/UITextView+Extension.m', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 785, NULL, NULL);
INSERT INTO public.import_file VALUES (22, 1, 'SampleReports/SampleApp/Mallory/UISearchBar+MLTheme.m', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 462, NULL, NULL);
INSERT INTO public.import_file VALUES (23, 1, 'SampleReports/SampleApp/NetPulse/NPNetworkProbe.m', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 662, NULL, NULL);
INSERT INTO public.import_file VALUES (24, 1, 'SampleReports/SampleApp/Tickety/TKSearchHeaderView.swift', 'skipped', 'no crash report found (no stack frames, no exception name with its reason, no crash header)', NULL, 0, 0, 484, NULL, NULL);

INSERT INTO public.import_run VALUES (1, '2026-12-03 10:51:06+00', '2026-12-03 10:51:06+00', '0.1.0', 'import SampleReports --db postgresql://postgres@/s23?host=/tmp/crashscan-pg.zErQy5&port=28278 --quiet', 24, 21, 0, 0, 18, 7);

INSERT INTO public.kvc_failure VALUES (1, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (2, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (3, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (4, 'prohibited_ivar', 'get', 'UITextField', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (5, 'prohibited_ivar', 'get', 'UISearchBar', '_searchField', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (6, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (7, 'obsolete_private_api', 'get', 'UIApplication', 'statusBar', true, 'private_key', 'reason', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (8, 'undefined_key', 'get', 'UIStatusBar_Modern', 'foregroundView', true, 'private_key', 'reason+frames', 'uikit_private', 'exported by UIKit, in no public header');
INSERT INTO public.kvc_failure VALUES (10, 'undefined_key', 'set', NULL, NULL, false, 'outlet_mismatch', 'frames', NULL, NULL);
INSERT INTO public.kvc_failure VALUES (13, 'obsolete_private_api', 'set', 'UIPageControl', 'pageImage', true, 'private_key', 'reason', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (15, 'obsolete_private_api', 'set', 'UIDatePicker', 'textColor', true, 'private_key', 'reason', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (16, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (17, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (18, 'prohibited_ivar', 'get', 'UISearchBar', '_searchField', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (19, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (20, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (21, 'undefined_key', 'set', 'UIAlertAction', 'titleTextColor', true, 'private_key', 'reason+frames', 'uikit', 'declared in UIKit''s public headers');
INSERT INTO public.kvc_failure VALUES (12, 'undefined_key', 'set', 'UITextView', '_placeholderLabel', true, 'private_key', 'frames+group', 'uikit', 'declared in UIKit''s public headers');

INSERT INTO public.meta VALUES ('grouping_version', '2');
INSERT INTO public.meta VALUES ('rules_digest', 'a9b2b28216594ae079c4ba44a1ea21b0843b247c023e4d6a93ccd256ed1fd16f');

INSERT INTO public.recommendation VALUES (1, 'uitextview-placeholder-label', 'kvc.json', 'associated-object-placeholder', 'Give UITextView its own placeholder label through an associated object, not KVC on _placeholderLabel', 'Why it crashes: `_placeholderLabel` is a private instance variable of UITextView. It exists only from iOS 8.3; on iOS 8.0-8.2 (8.1.3 build 12B466 among them) KVC finds no such key and raises NSUnknownKeyException ''[<UITextView 0x...> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel''. UIKit may remove or block the ivar again in any release (iOS 13 blocked the same key on UITextField), so every version is at risk, not only the old ones. Guarding the call with systemVersion >= 8.3 hides the crash but keeps the private API.

Fix: keep a UILabel of your own, attached with objc_setAssociatedObject, shown exactly while the text is empty: on UITextViewTextDidChangeNotification for this text view, and after text or attributedText is set in code. Keep its font and alignment in step with the text view, lay it out against textContainerInset and lineFragmentPadding, and leave the delegate and -layoutSubviews alone. `crashscan fix associated-object-placeholder` prints the complete Objective-C category and Swift extension.

A widely copied ''improved'' associated-object category still has defects: it sets self.delegate = self (taking the delegate away from the app), overrides -layoutSubviews from a category (replacing UITextView''s own implementation for every text view in the app), hard-codes the 5/7.75 offsets instead of the text container insets, never hides the label when text is set in code, and adds another label on every call.', 30, 'medium', 'the exception is NSUnknownKeyException, as the rule expects; all 9 reports with an OS version ran iOS <8.3, where the rule says the access fails; at most medium: the rule''s failing OS window and exception are inferred, not seen in a crash report', '8.1 – 8.1.3', '8.1:1;8.1.2:4;8.1.3:4', '8.2:1;8.4:1', true, '2.3.1:6;2.2.9:1;2.3.0:1;unknown:1', NULL, false, '{"affected_devices":4,"affected_os":"8.1 – 8.1.3","affected_users":2,"app":"LilyForParent","app_versions":[{"reports":6,"value":"2.3.1"},{"reports":1,"value":"2.2.9"},{"reports":1,"value":"2.3.0"},{"reports":1,"value":"unknown"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[{"reports":1,"value":"8.2"},{"reports":1,"value":"8.4"}],"confidence":"medium","confidence_reason":"the exception is NSUnknownKeyException, as the rule expects; all 9 reports with an OS version ran iOS <8.3, where the rule says the access fails; at most medium: the rule''s failing OS window and exception are inferred, not seen in a crash report","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"8.1"},{"reports":4,"value":"8.1.2"},{"reports":4,"value":"8.1.3"}],"devices":3,"failing_os":"<8.3","first_crashing_app_version":"2.2.9","inferred":["failsOn","worksOn","exceptions"],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":9,"reports_without_os":0,"working_os":">=8.3"}');
INSERT INTO public.recommendation VALUES (2, 'uitextfield-placeholder-label', 'kvc.json', 'attributed-placeholder', 'Style the UITextField placeholder with attributedPlaceholder, not KVC on _placeholderLabel', 'Why it crashes: -[UITextField valueForKey:] rejects the private key _placeholderLabel (and key paths such as _placeholderLabel.textColor and _placeholderLabel.font) through UIKVCAccessProhibited, raising NSGenericException ''Access to UITextField''s _placeholderLabel ivar is prohibited. This is an application bug''. Matrix reported: Xcode 10.3 on iOS 13 works, Xcode 11 on iOS 12.4 works, Xcode 11 on iOS 13 crashes.

Fix: set attributedPlaceholder with the colour and font attributes. The default colour on iOS 13 and later is UIColor.placeholderTextColor. Dropping the underscore ("placeholderLabel") slips past the check but is still private API.', 20, 'high', 'the exception is NSGenericException, as the rule expects; the one report with an OS version ran iOS >=13, where the rule says the access fails', '13.3', '13.3:1', '', true, '3.8.0:1', NULL, false, '{"affected_os":"13.3","app":"Tickety","app_versions":[{"reports":1,"value":"3.8.0"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[],"condition":"Only when the app is built with the iOS 13 SDK (Xcode 11 or later) and runs on iOS 13 or later: old App Store builds keep working on iOS 13, so the crash arrives with the rebuild, not with the OS update.","confidence":"high","confidence_reason":"the exception is NSGenericException, as the rule expects; the one report with an OS version ran iOS >=13, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"13.3"}],"devices":1,"failing_os":">=13","first_crashing_app_version":"3.8.0","inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":"<=12"}');
INSERT INTO public.recommendation VALUES (3, 'uisearchbar-search-field', 'kvc.json', 'search-text-field', 'Use UISearchBar.searchTextField instead of KVC on _searchField', 'Why it crashes: UISearchBar defines a trap method -_searchField that KVC''s accessor search finds first; from iOS 13 (iOS 13 SDK) it raises NSGenericException ''Access to UISearchBar''s _searchField ivar is prohibited. This is an application bug''. The stack shows -[UISearchBar _searchField] under -[NSObject(NSKeyValueCoding) valueForKey:].

Fix: use searchBar.searchTextField (UISearchTextField, iOS 13). Keep any older path behind an availability check, never in a @try/@catch.', 20, 'high', 'the exception is NSGenericException, as the rule expects; all 2 reports with an OS version ran iOS >=13, where the rule says the access fails', '13.1.2 – 16.1', '13.1.2:1;16.1:1', '', true, '6.2.0:1;6.4.0:1', NULL, false, '{"affected_os":"13.1.2 – 16.1","app":"Mallory","app_versions":[{"reports":1,"value":"6.2.0"},{"reports":1,"value":"6.4.0"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[],"condition":"Only when the app is built with the iOS 13 SDK (Xcode 11 or later) and runs on iOS 13 or later: old App Store builds keep working on iOS 13, so the crash arrives with the rebuild, not with the OS update.","confidence":"high","confidence_reason":"the exception is NSGenericException, as the rule expects; all 2 reports with an OS version ran iOS >=13, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"13.1.2"},{"reports":1,"value":"16.1"}],"devices":2,"failing_os":">=13","first_crashing_app_version":"6.2.0","inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":2,"reports_without_os":0,"working_os":"<=12"}');
INSERT INTO public.recommendation VALUES (4, 'uiapplication-status-bar', 'kvc.json', 'status-bar-manager', 'Use the window scene''s statusBarManager instead of UIApplication statusBar/statusBarWindow', 'Why it crashes: from iOS 13 there is no status bar view or window to return; UIApplication raises NSInternalInconsistencyException when KVC (valueForKey:@"statusBar", key path statusBarWindow.statusBar) calls the old private getters.

Fix: window.windowScene.statusBarManager (statusBarFrame, statusBarStyle, isStatusBarHidden). To colour the status bar area, add your own view of statusBarFrame''s size; set style and visibility per view controller with preferredStatusBarStyle / prefersStatusBarHidden.', 20, 'high', 'the exception is NSInternalInconsistencyException, as the rule expects; the one report with an OS version ran iOS >=13, where the rule says the access fails', '13.2.3', '13.2.3:1', '12.1:1;13.3.1:1', true, '4.1.0:1', NULL, false, '{"affected_os":"13.2.3","app":"NetPulse","app_versions":[{"reports":1,"value":"4.1.0"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[{"reports":1,"value":"12.1"},{"reports":1,"value":"13.3.1"}],"condition":"Probably only for builds with the iOS 13 SDK: every report comes from an Xcode 11 build.","confidence":"high","confidence_reason":"the exception is NSInternalInconsistencyException, as the rule expects; the one report with an OS version ran iOS >=13, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"13.2.3"}],"devices":1,"failing_os":">=13","first_crashing_app_version":"4.1.0","inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":"<=12"}');
INSERT INTO public.recommendation VALUES (5, 'uistatusbar-foreground-view', 'kvc.json', 'network-status-api', 'Read the network type from public API, not the status bar''s foregroundView', 'Why it crashes: apps read the network type from [[app valueForKey:@"statusBar"] valueForKey:@"foregroundView"]. The status bar view tree is private: UIStatusBar_Modern (notched iPhones, iOS 11+) and UIStatusBar_Placeholder (iOS 13) have no foregroundView, so KVC raises NSUnknownKeyException.

Fix: CTTelephonyNetworkInfo for the radio access technology, NWPathMonitor (iOS 12) for reachability and interface type.', 20, 'high', 'the exception is NSUnknownKeyException, as the rule expects; the one report with an OS version ran iOS >=11, where the rule says the access fails', '12.1', '12.1:1', '13.2.3:1;13.3.1:1', true, '4.0.3:1', NULL, false, '{"affected_os":"12.1","app":"NetPulse","app_versions":[{"reports":1,"value":"4.0.3"}],"clean_app_versions_on_failing_os":["4.1.0"],"clean_os_versions":[{"reports":1,"value":"13.2.3"},{"reports":1,"value":"13.3.1"}],"condition":"On iPhone X-class devices from iOS 11 (UIStatusBar_Modern), on every device from iOS 13 (UIStatusBar_Placeholder).","confidence":"high","confidence_reason":"the exception is NSUnknownKeyException, as the rule expects; the one report with an OS version ran iOS >=11, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"12.1"}],"devices":1,"failing_os":">=11","first_crashing_app_version":"4.0.3","inferred":["fix"],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":"<=12"}');
INSERT INTO public.recommendation VALUES (7, 'outlet-mismatch', 'kvc.json', 'reconnect-outlet', 'Fix the broken outlet or runtime attribute in Interface Builder', 'Why it crashes: the nib or storyboard sets a key the class does not have: an outlet renamed or deleted in code but still connected in Interface Builder, a user-defined runtime attribute for a property that no longer exists, or a view whose Custom Class (and Module) is not set. This is an app bug, not an OS change: it crashes on every OS version.

Fix: in Interface Builder open the Connections inspector of the object named in the reason, delete the connection to the missing key and reconnect it to the current outlet; check Custom Class and Module, and the User Defined Runtime Attributes.', 10, 'high', 'the exception is NSUnknownKeyException, as the rule expects', '12.4', '12.4:1', '12.3.1:1', NULL, '7.4.2:1', NULL, false, '{"affected_devices":1,"affected_os":"12.4","affected_users":1,"app":"Shopster","app_versions":[{"reports":1,"value":"7.4.2"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[{"reports":1,"value":"12.3.1"}],"confidence":"high","confidence_reason":"the exception is NSUnknownKeyException, as the rule expects","crash_os_versions":[{"reports":1,"value":"12.4"}],"devices":1,"inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0}');
INSERT INTO public.recommendation VALUES (10, 'uipagecontrol-page-image', 'kvc.json', 'page-control-indicator-image', 'Use the UIPageControl indicator-image API instead of KVC on pageImage/currentPageImage', 'Why it crashes: KVC resolves the keys pageImage and currentPageImage to the private -_setPageImage: / -_setCurrentPageImage:, which iOS 14 turned into an NSInternalInconsistencyException ''Call to obsolete private method -[UIPageControl _setPageImage:]''.

Fix: preferredIndicatorImage and setIndicatorImage:forPage: (iOS 14), preferredCurrentPageIndicatorImage (iOS 16), or just pageIndicatorTintColor / currentPageIndicatorTintColor.', 20, 'high', 'the exception is NSInternalInconsistencyException, as the rule expects; the one report with an OS version ran iOS >=14, where the rule says the access fails', '14.2', '14.2:1', '', true, '5.0.1:1', NULL, false, '{"affected_os":"14.2","app":"Fitly","app_versions":[{"reports":1,"value":"5.0.1"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[],"confidence":"high","confidence_reason":"the exception is NSInternalInconsistencyException, as the rule expects; the one report with an OS version ran iOS >=14, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"14.2"}],"devices":1,"failing_os":">=14","first_crashing_app_version":"5.0.1","inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":"<=13"}');
INSERT INTO public.recommendation VALUES (12, 'uidatepicker-text-color', 'kvc.json', 'date-picker-wheels-style', 'Stop setting UIDatePicker textColor through KVC', 'Why it crashes: KVC''s accessor search turns the key textColor into the private _setTextColor:, which UIDatePicker forwards to its internal view; the compact style''s _UIDatePickerIOSCompactView (and _UIDatePickerMacCompactView on Catalyst) does not implement it, so it raises NSInvalidArgumentException ''... unrecognized selector sent to instance''.

Fix: drop the key and use tintColor / overrideUserInterfaceStyle. If you must keep it, set preferredDatePickerStyle = UIDatePickerStyleWheels (iOS 13.4) before any KVC.', 20, 'high', 'the exception is NSInvalidArgumentException, as the rule expects; the one report with an OS version ran iOS >=14, where the rule says the access fails', '14.0.1', '14.0.1:1', '', true, '2.7.0:1', NULL, false, '{"affected_devices":1,"affected_os":"14.0.1","affected_users":1,"app":"Remindly","app_versions":[{"reports":1,"value":"2.7.0"}],"clean_app_versions_on_failing_os":[],"clean_os_versions":[],"condition":"With the compact date picker style (the default .automatic resolves to it) from iOS 14, and on Mac Catalyst; the .wheels style still accepts the key.","confidence":"high","confidence_reason":"the exception is NSInvalidArgumentException, as the rule expects; the one report with an OS version ran iOS >=14, where the rule says the access fails","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"14.0.1"}],"devices":1,"failing_os":">=14","first_crashing_app_version":"2.7.0","inferred":[],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":"<=13"}');
INSERT INTO public.recommendation VALUES (13, 'uialertaction-title-text-color', 'kvc.json', 'alert-action-tint', 'Colour alert buttons through public API, not UIAlertAction titleTextColor', 'Why it crashes: titleTextColor reaches the private ivar _titleTextColor, which UIAlertAction only has from iOS 8.3; on 8.0-8.2 KVC raises NSUnknownKeyException.

Fix: alertController.view.tintColor for all buttons, the action styles (destructive, cancel) and preferredAction (iOS 9) for emphasis; a custom alert if each button needs its own colour.', 20, 'medium', 'the exception is NSUnknownKeyException, as the rule expects; the one report with an OS version ran iOS <8.3, where the rule says the access fails; at most medium: the rule''s failing OS window and exception are inferred, not seen in a crash report', '8.2', '8.2:1', '8.1:1;8.1.2:4;8.1.3:4;8.4:1', true, '2.3.1:1', NULL, false, '{"affected_os":"8.2","app":"LilyForParent","app_versions":[{"reports":1,"value":"2.3.1"}],"clean_app_versions_on_failing_os":["2.2.9","2.3.0"],"clean_os_versions":[{"reports":1,"value":"8.1"},{"reports":4,"value":"8.1.2"},{"reports":4,"value":"8.1.3"},{"reports":1,"value":"8.4"}],"confidence":"medium","confidence_reason":"the exception is NSUnknownKeyException, as the rule expects; the one report with an OS version ran iOS <8.3, where the rule says the access fails; at most medium: the rule''s failing OS window and exception are inferred, not seen in a crash report","confined_to_failing_os":true,"crash_os_versions":[{"reports":1,"value":"8.2"}],"devices":1,"failing_os":"<8.3","first_crashing_app_version":"2.3.1","inferred":["failsOn","worksOn","exceptions","fix"],"outside_failing_os":[],"regressed":false,"regressed_in":[],"reports":1,"reports_without_os":0,"working_os":">=8.3"}');

INSERT INTO public.report_hash VALUES ('095b496a3b1710b99be2dfffe62f6d8b48f10abf0ee2a1b54d25ad3cf7f5e437', 9);
INSERT INTO public.report_hash VALUES ('0d162e6c830802910f68fd4b109df909eed1fed439a1bedeea20a9d98de9423c', 16);
INSERT INTO public.report_hash VALUES ('1158d3c0dfa632e27c6adf070fe429c92e52e55c674dd1341c356516fc0e6fa3', 18);
INSERT INTO public.report_hash VALUES ('1555763617678ab34bda69ef1620759ba7025d1aa7a52dd78e60d6233d7ac6fa', 13);
INSERT INTO public.report_hash VALUES ('40668ae2e1ed421bccddeac9d1ab93745d65168a6d6d69946ba613afe79cddb5', 12);
INSERT INTO public.report_hash VALUES ('50ff4fa9a76327bb4c3aeaf84de6df7dd2937e9e933788ead6900a34f2f8709b', 5);
INSERT INTO public.report_hash VALUES ('5350bd0b51933ed262f36750fa07bf8eb67df15d6518fc917eacc945982af48d', 3);
INSERT INTO public.report_hash VALUES ('5b2a08485c54598e0d17198e6a3f9280da457b907d0b542c111d2fae6e262e66', 21);
INSERT INTO public.report_hash VALUES ('68079fa05247eb045e7af5f5a257a76e8182bf5ca2d28e228b4bb6ffd3431a49', 7);
INSERT INTO public.report_hash VALUES ('7637febd1a3414ff792baa59a1ed289c54672ad1a2074ab1a1c55a9ffa2a82bf', 10);
INSERT INTO public.report_hash VALUES ('8c7ea1d282c83018dc44567bd659a97d4d7094adbad2af5f541875ca8773acbe', 20);
INSERT INTO public.report_hash VALUES ('8d00d9140734d68351be870709e1f64bdf73c4a216d1cac61ab1864b818d46e0', 2);
INSERT INTO public.report_hash VALUES ('9abb304be39ed0f3946a9e9d39c7be846c673b241980049368691d926586d283', 8);
INSERT INTO public.report_hash VALUES ('a0d4c0c386d932dc41b1fe8ae58c6c5d3c2095fd6ed298135ff178e97508ad69', 15);
INSERT INTO public.report_hash VALUES ('b9f78cac8230fd35eb472989ac10055c8ef193640b4f3c07907217fa157669b9', 19);
INSERT INTO public.report_hash VALUES ('bd598d4304e001474aa8c8fb8da1624da22a58bc070ae5a882effa8300663d46', 11);
INSERT INTO public.report_hash VALUES ('ca02ee95d634e787466342e9d9cb7cdf915c9510b8379a0b8038a66cd1bfb6c4', 17);
INSERT INTO public.report_hash VALUES ('d0f9833b1808a80276af566a8bb8b1c3cad1d00d8fc62045a78906e7e70b278d', 4);
INSERT INTO public.report_hash VALUES ('de008cf16c56a12ec848742340a4bf581a2527156b4790e1c6794ee2a0ac7399', 6);
INSERT INTO public.report_hash VALUES ('eb128a2c95c6eff26e39a1a2583c97c6e4821cb60da33541d6dfe5371e38ecd5', 1);
INSERT INTO public.report_hash VALUES ('f981362a33b63aa3933f5da9022f0666ef058ae0c5657387605de460e244209b', 14);

INSERT INTO public.report_y2015m01 VALUES (12, '40668ae2e1ed421bccddeac9d1ab93745d65168a6d6d69946ba613afe79cddb5', 9, 'SampleReports/09-bugly-sdk-1.4.0-crash.log', 'bugly-crash-log', 0, '2015-01-19 04:40:05.331+00', '2015-01-19 12:40:05.331 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone7,2', 'iPhone7,2', 'iPhone 6', 'iPhone', '8.1.2 (12B440)', 'iOS', '8.1.2', '12B440', 8, 1, 2, 8001002, false, '2.2.9', 'com.lily.parent', 'LilyForParent', NULL, NULL, 'NSUnknownKeyException', false, NULL, NULL, 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, '229', NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, '2015-01-19 04:40:05.331+00');

INSERT INTO public.report_y2015m02 VALUES (3, '5350bd0b51933ed262f36750fa07bf8eb67df15d6518fc917eacc945982af48d', 3, 'SampleReports/03-bugly-console-zh-gbk.txt', 'bugly-console', 0, '2015-02-11 13:03:15+00', '2015-02-11 21:03:15', NULL, '2026-12-03 10:51:06+00', 'iPhone 6', 'iPhone7,2', 'iPhone 6', 'iPhone', '8.1.2 (12B440)', 'iOS', '8.1.2', '12B440', 8, 1, 2, 8001002, false, '2.3.0', NULL, 'LilyForParent', NULL, NULL, 'NSUnknownKeyException', false, NULL, '[<UITextView 0x174132e80> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2015-02-11 13:03:15+00');
INSERT INTO public.report_y2015m02 VALUES (6, 'de008cf16c56a12ec848742340a4bf581a2527156b4790e1c6794ee2a0ac7399', 6, 'SampleReports/06-bugly-api-crashmap.json', 'bugly-json', 0, '2015-02-27 11:44:10+00', '2015-02-27 19:44:10', '2015-02-27 11:44:31+00', '2026-12-03 10:51:06+00', 'iPhone7,1', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', '8.1.3 (12B466)', 'iOS', '8.1.3', '12B466', 8, 1, 3, 8001003, false, '2.3.1', 'com.lily.parent', 'LilyForParent', 'arm64', false, 'NSUnknownKeyException', false, NULL, '[<UITextView 0x1702e1a00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, NULL, '2015-02-27 19:44:31', '+08:00', 0, 'A7F0C2B4-6E1D-4F55-9E43-0B3C1D2E9F10', 'u_301245', '1183', '5F1C0A927B334E108DA4612FC90E71B8', 'https://bugly.qq.com/v2/crash-reporting/crashes/900012345/1183?pid=2', '2015-02-27 11:44:10+00');

INSERT INTO public.report_y2015m03 VALUES (2, '8d00d9140734d68351be870709e1f64bdf73c4a216d1cac61ab1864b818d46e0', 2, 'SampleReports/02-bugly-console-zh-textview.txt', 'bugly-console', 0, '2015-03-01 00:18:47+00', '2015-03-01 08:18:47', '2015-03-01 00:19:02+00', '2026-12-03 10:51:06+00', 'iPhone 6 Plus', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', '8.1.3(12B466)', 'iOS', '8.1.3', '12B466', 8, 1, 3, 8001003, false, '2.3.1', NULL, 'LilyForParent', 'arm64', false, 'NSUnknownKeyException', false, NULL, '[<UITextView 0x17e52c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, '231', '2015-03-01 08:19:02', '+08:00', 0, 'C2E81F04-5B9A-4D3E-8F61-92A7D4B0E5C3', 'u_301245', NULL, NULL, NULL, '2015-03-01 00:18:47+00');
INSERT INTO public.report_y2015m03 VALUES (16, '0d162e6c830802910f68fd4b109df909eed1fed439a1bedeea20a9d98de9423c', 14, 'SampleReports/14-bugly-console-zh-textview-ipad.txt', 'bugly-console', 0, '2015-03-04 08:20:41+00', '2015-03-04 16:20:41', NULL, '2026-12-03 10:51:06+00', 'iPad mini 2', NULL, 'iPad mini 2', 'iPad', '8.1 (12B410)', 'iOS', '8.1', '12B410', 8, 1, NULL, 8001000, false, '2.3.1', NULL, 'LilyForParent', NULL, NULL, 'NSUnknownKeyException', false, NULL, '[<UITextView 0x15e4a8e00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, '6B0D3A9E-1F47-4C82-A5E3-D8C92F7B1046', 'u_488120', NULL, NULL, NULL, '2015-03-04 08:20:41+00');
INSERT INTO public.report_y2015m03 VALUES (17, 'ca02ee95d634e787466342e9d9cb7cdf915c9510b8379a0b8038a66cd1bfb6c4', 15, 'SampleReports/15-apple-textview-ios8.1.3.crash', 'apple-crash', 0, '2015-03-02 11:07:41.328+00', '2015-03-02 19:07:41.328 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone7,1', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', 'iOS 8.1.3 (12B466)', 'iOS', '8.1.3', '12B466', 8, 1, 3, 8001003, false, '2.3.1', 'com.lily.parent', 'LilyForParent', 'ARM-64 (Native)', NULL, 'NSUnknownKeyException', false, 'SIGABRT', '[<UITextView 0x17e5a2c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, '231', NULL, NULL, 0, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', NULL, NULL, NULL, NULL, '2015-03-02 11:07:41.328+00');
INSERT INTO public.report_y2015m03 VALUES (19, 'b9f78cac8230fd35eb472989ac10055c8ef193640b4f3c07907217fa157669b9', 17, 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/apple/LilyForParent-2015-03-07.crash', 'apple-crash', 0, '2015-03-07 02:22:05.117+00', '2015-03-07 10:22:05.117 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone7,2', 'iPhone7,2', 'iPhone 6', 'iPhone', 'iOS 8.1.2 (12B440)', 'iOS', '8.1.2', '12B440', 8, 1, 2, 8001002, false, '2.3.1', 'com.lily.parent', 'LilyForParent', 'ARM-64 (Native)', NULL, 'NSUnknownKeyException', false, 'SIGABRT', '[<UITextView 0x17026b900> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, '231', NULL, NULL, 0, '5f3c2a9d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c', NULL, NULL, NULL, NULL, '2015-03-07 02:22:05.117+00');
INSERT INTO public.report_y2015m03 VALUES (20, '8c7ea1d282c83018dc44567bd659a97d4d7094adbad2af5f541875ca8773acbe', 18, 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/crash-list.json', 'bugly-json', 0, '2015-03-06 00:41:17+00', '2015-03-06 08:41:17', '2015-03-06 00:41:40+00', '2026-12-03 10:51:06+00', 'iPhone7,2', 'iPhone7,2', 'iPhone 6', 'iPhone', '8.1.2 (12B440)', 'iOS', '8.1.2', '12B440', 8, 1, 2, 8001002, false, '2.3.1', NULL, 'LilyForParent', NULL, NULL, 'NSUnknownKeyException', false, NULL, '[<UITextView 0x174326c80> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel.', 'LilyForParent', '-[UITextView(Extension) was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, NULL, '2015-03-06 08:41:40', '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2015-03-06 00:41:17+00');
INSERT INTO public.report_y2015m03 VALUES (21, '5b2a08485c54598e0d17198e6a3f9280da457b907d0b542c111d2fae6e262e66', 18, 'SampleReports/17-bugly-download.zip!/bugly-download-2015-03/crash-list.json', 'bugly-json', 1, '2015-03-09 04:05:33+00', '2015-03-09 12:05:33', NULL, '2026-12-03 10:51:06+00', 'iPhone7,1', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', '8.2 (12D508)', 'iOS', '8.2', '12D508', 8, 2, NULL, 8002000, false, '2.3.1', NULL, 'LilyForParent', NULL, NULL, 'NSUnknownKeyException', false, NULL, '[<UIAlertAction 0x1702611c0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key titleTextColor.', 'LilyForParent', '-[LFPAlertHelper destructiveAction:handler:]', NULL, 13, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2015-03-09 04:05:33+00');

INSERT INTO public.report_y2015m07 VALUES (14, 'f981362a33b63aa3933f5da9022f0666ef058ae0c5657387605de460e244209b', 11, 'SampleReports/11-not-kvc-range-exception-zh.txt', 'bugly-console', 0, '2015-07-12 14:47:09+00', '2015-07-12 22:47:09', NULL, '2026-12-03 10:51:06+00', 'iPhone 6 Plus', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', '8.4 (12H143)', 'iOS', '8.4', '12H143', 8, 4, NULL, 8004000, false, '2.4.0', NULL, 'LilyForParent', NULL, NULL, 'NSRangeException', false, NULL, '-[__NSArrayI objectAtIndex:]: index 3 beyond bounds [0 .. 2]', 'LilyForParent', '-[LFPTimelineViewController tableView:cellForRowAtIndexPath:]', NULL, 11, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2015-07-12 14:47:09+00');

INSERT INTO public.report_y2018m11 VALUES (8, '9abb304be39ed0f3946a9e9d39c7be846c673b241980049368691d926586d283', 7, 'SampleReports/07-bugly-api-array.json', 'bugly-json', 1, '2018-11-14 09:30:02+00', '2018-11-14 17:30:02', NULL, '2026-12-03 10:51:06+00', 'iPhone10,3', 'iPhone10,3', 'iPhone X', 'iPhone', '12.1 (16B92)', 'iOS', '12.1', '16B92', 12, 1, NULL, 12001000, false, '4.0.3', NULL, 'NetPulse', NULL, NULL, 'NSUnknownKeyException', false, NULL, '[<UIStatusBar_Modern 0x10b6127a0> valueForUndefinedKey:]: this class is not key value coding-compliant for the key foregroundView.', 'NetPulse', '+[NPNetworkProbe currentRadioType]', NULL, 5, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, '2291', NULL, NULL, '2018-11-14 09:30:02+00');

INSERT INTO public.report_y2019m08 VALUES (10, '7637febd1a3414ff792baa59a1ed289c54672ad1a2074ab1a1c55a9ffa2a82bf', 8, 'SampleReports/08-bugly-sdk-crash.log', 'bugly-crash-log', 0, '2019-08-02 12:15:33.412+00', '2019-08-02 20:15:33.412 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone10,1', 'iPhone10,1', 'iPhone 8', 'iPhone', '12.4 (16G77)', 'iOS', '12.4', '16G77', 12, 4, NULL, 12004000, false, '7.4.2', 'com.shopster.ios', 'Shopster', 'ARM-64', NULL, 'NSUnknownKeyException', false, 'SIGABRT', NULL, 'Shopster', 'Shopster + 1168100', 'CoreFoundation	0x00000001b5df6000 + 1198476	
libobjc.A.dylib	objc_exception_throw	
CoreFoundation	-[NSException raise]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]	
Foundation	-[NSObject(NSKeyValueCoding) setValue:forKey:]	
UIKitCore	-[UIView(CALayerDelegate) setValue:forKey:]	
UIKitCore	-[UIRuntimeOutletConnection connect]	
CoreFoundation	-[NSArray makeObjectsPerformSelector:]	
UIKitCore	-[UINib instantiateWithOwner:options:]	
UIKitCore	-[UIViewController _loadViewFromNibNamed:bundle:]	
UIKitCore	-[UIViewController loadView]	
UIKitCore	-[UIViewController loadViewIfRequired]	
UIKitCore	-[UIViewController view]	
Shopster	0x0000000100a00000 + 1168100	
Shopster	0x0000000100a00000 + 1165728	
UIKitCore	-[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled]	
CoreFoundation	CFRunLoopRunSpecific	
GraphicsServices	GSEventRunModal	
UIKitCore	UIApplicationMain	
Shopster	0x0000000100a00000 + 50392	
libdyld.dylib	0x00000001b5951000 + 3608	', 7, 'missing_dsym', 'Shopster 3A1B7C9E0D2F4A6B8C5E1F3A7B9D2C4E 0x100a00000 arm64', false, '812', NULL, NULL, 0, '8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70', '10086', NULL, NULL, NULL, '2019-08-02 12:15:33.412+00');
INSERT INTO public.report_y2019m08 VALUES (11, 'bd598d4304e001474aa8c8fb8da1624da22a58bc070ae5a882effa8300663d46', 8, 'SampleReports/08-bugly-sdk-crash.log', 'bugly-crash-log', 1, '2019-08-03 01:02:11.087+00', '2019-08-03 09:02:11.087 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone9,3', 'iPhone9,3', 'iPhone 7', 'iPhone', '12.3.1 (16F203)', 'iOS', '12.3.1', '16F203', 12, 3, 1, 12003001, false, '7.4.2', 'com.shopster.ios', 'Shopster', 'ARM-64', NULL, 'EXC_BAD_ACCESS', false, 'SIGSEGV', NULL, 'Shopster', 'Shopster + 2361884', 'libobjc.A.dylib	objc_msgSend	
Shopster	0x0000000100a00000 + 2361884	
Shopster	0x0000000100a00000 + 2356664	
libdispatch.dylib	_dispatch_call_block_and_release	
libdispatch.dylib	_dispatch_client_callout	
libdispatch.dylib	_dispatch_queue_serial_drain	
libdispatch.dylib	_dispatch_worker_thread3	
libsystem_pthread.dylib	_pthread_wqthread	
libsystem_pthread.dylib	start_wqthread	', 8, 'missing_dsym', 'Shopster 3A1B7C9E0D2F4A6B8C5E1F3A7B9D2C4E 0x100a00000 arm64', false, '812', NULL, NULL, 0, '3D9A7B51-0C2E-4F6A-8B1D-7E4C5A6B2F90', '20931', NULL, NULL, NULL, '2019-08-03 01:02:11.087+00');

INSERT INTO public.report_y2019m10 VALUES (5, '50ff4fa9a76327bb4c3aeaf84de6df7dd2937e9e933788ead6900a34f2f8709b', 5, 'SampleReports/05-bugly-console-zh-table-header.md', 'bugly-console', 0, '2019-10-08 01:41:27+00', '2019-10-08 09:41:27', NULL, '2026-12-03 10:51:06+00', 'iPhone XS Max', NULL, 'iPhone XS Max', 'iPhone', 'iOS 13.1.2 (17A860)', 'iOS', '13.1.2', '17A860', 13, 1, 2, 13001002, false, '6.2.0', NULL, 'Mallory', NULL, NULL, 'NSGenericException', false, NULL, 'Access to UISearchBar''s _searchField ivar is prohibited. This is an application bug', 'Mallory', '-[UISearchBar(MLTheme) ml_applyTheme]', NULL, 3, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2019-10-08 01:41:27+00');

INSERT INTO public.report_y2019m11 VALUES (7, '68079fa05247eb045e7af5f5a257a76e8182bf5ca2d28e228b4bb6ffd3431a49', 7, 'SampleReports/07-bugly-api-array.json', 'bugly-json', 0, '2019-11-25 00:12:55+00', '2019-11-25 08:12:55', '2019-11-25 00:13:10+00', '2026-12-03 10:51:06+00', 'iPhone11,2', 'iPhone11,2', 'iPhone XS', 'iPhone', 'iOS 13.2.3 (17B111)', 'iOS', '13.2.3', '17B111', 13, 2, 3, 13002003, false, '4.1.0', NULL, 'NetPulse', NULL, NULL, 'NSInternalInconsistencyException', false, NULL, 'App called -statusBar or -statusBarWindow on UIApplication: this code must be changed as there''s no longer a status bar or status bar window. Use the statusBarManager object on the window scene instead.', 'NetPulse', '+[NPNetworkProbe currentRadioType]', NULL, 4, 'not_needed', NULL, true, NULL, '2019-11-25 08:13:10', '+08:00', 0, NULL, NULL, '2290', NULL, NULL, '2019-11-25 00:12:55+00');

INSERT INTO public.report_y2019m12 VALUES (4, 'd0f9833b1808a80276af566a8bb8b1c3cad1d00d8fc62045a78906e7e70b278d', 4, 'SampleReports/04-bugly-console-en-markdown-table.md', 'bugly-console', 0, '2019-12-19 06:22:08+00', '2019-12-19 14:22:08', NULL, '2026-12-03 10:51:06+00', 'iPhone 11', 'iPhone12,1', 'iPhone 11', 'iPhone', 'iOS 13.3 (17C54)', 'iOS', '13.3', '17C54', 13, 3, NULL, 13003000, false, '3.8.0', NULL, 'Tickety', NULL, NULL, 'NSGenericException', false, NULL, 'Access to UITextField''s _placeholderLabel ivar is prohibited. This is an application bug', 'Tickety', '-[TKSearchHeaderView setupSearchField]', NULL, 2, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2019-12-19 06:22:08+00');

INSERT INTO public.report_y2020m02 VALUES (9, '095b496a3b1710b99be2dfffe62f6d8b48f10abf0ee2a1b54d25ad3cf7f5e437', 7, 'SampleReports/07-bugly-api-array.json', 'bugly-json', 2, '2020-02-03 04:01:44+00', '2020-02-03 12:01:44', NULL, '2026-12-03 10:51:06+00', 'iPhone 8 Plus', NULL, 'iPhone 8 Plus', 'iPhone', '13.3.1(17D50)', 'iOS', '13.3.1', '17D50', 13, 3, 1, 13003001, false, '4.1.0', NULL, 'NetPulse', NULL, NULL, 'NSRangeException', false, NULL, '*** -[__NSArrayM objectAtIndexedSubscript:]: index 7 beyond bounds [0 .. 6]', 'NetPulse', '-[NPHistoryViewController tableView:cellForRowAtIndexPath:]', NULL, 6, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, '2305', NULL, NULL, '2020-02-03 04:01:44+00');

INSERT INTO public.report_y2020m09 VALUES (15, 'a0d4c0c386d932dc41b1fe8ae58c6c5d3c2095fd6ed298135ff178e97508ad69', 13, 'SampleReports/13-bugly-console-en-datepicker.txt', 'bugly-console', 0, '2020-09-28 10:03:51+00', '2020-09-28 18:03:51', NULL, '2026-12-03 10:51:06+00', 'iPhone 11 Pro', 'iPhone12,3', 'iPhone 11 Pro', 'iPhone', '14.0.1 (18A393)', 'iOS', '14.0.1', '18A393', 14, 0, 1, 14000001, false, '2.7.0', NULL, 'Remindly', NULL, NULL, 'NSInvalidArgumentException', false, NULL, '-[_UIDatePickerIOSCompactView _setTextColor:]: unrecognized selector sent to instance 0x10a38e6f0', 'Remindly', '-[RMReminderEditorViewController styleDatePicker]', NULL, 12, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, '0E7C4B2A-93D1-4F68-B5A0-7C1E2D9F3B84', '7731', NULL, NULL, NULL, '2020-09-28 10:03:51+00');

INSERT INTO public.report_y2020m11 VALUES (13, '1555763617678ab34bda69ef1620759ba7025d1aa7a52dd78e60d6233d7ac6fa', 10, 'SampleReports/10-bugly-console-en-utf16-crlf.txt', 'bugly-console', 0, '2020-11-20 02:02:33+00', '2020-11-20 10:02:33', NULL, '2026-12-03 10:51:06+00', 'iPhone 12', 'iPhone13,2', 'iPhone 12', 'iPhone', 'iOS 14.2 (18B92)', 'iOS', '14.2', '18B92', 14, 2, NULL, 14002000, false, '5.0.1', NULL, 'Fitly', NULL, NULL, 'NSInternalInconsistencyException', false, NULL, 'Call to obsolete private method -[UIPageControl _setPageImage:]', 'Fitly', '-[FTOnboardingViewController configurePageControl]', NULL, 10, 'not_needed', NULL, true, NULL, NULL, '+08:00', 0, NULL, NULL, NULL, NULL, NULL, '2020-11-20 02:02:33+00');

INSERT INTO public.report_y2022m11 VALUES (18, '1158d3c0dfa632e27c6adf070fe429c92e52e55c674dd1341c356516fc0e6fa3', 16, 'SampleReports/16-apple-searchbar-ios16.1.ips', 'apple-ips', 0, '2022-11-03 13:14:09.441+00', '2022-11-03 21:14:09.4410 +0800', NULL, '2026-12-03 10:51:06+00', 'iPhone14,5', 'iPhone14,5', 'iPhone 13', 'iPhone', 'iPhone OS 16.1 (20B82)', 'iOS', '16.1', '20B82', 16, 1, NULL, 16001000, false, '6.4.0', 'com.mallory.shop', 'Mallory', 'ARM-64', NULL, 'NSGenericException', false, 'SIGABRT', 'Access to UISearchBar''s _searchField ivar is prohibited. This is an application bug', 'Mallory', '-[UISearchBar(MLTheme) ml_applyTheme]', NULL, 3, 'not_needed', NULL, true, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, '2022-11-03 13:14:09.441+00');

INSERT INTO public.report_y2026m12 VALUES (1, 'eb128a2c95c6eff26e39a1a2583c97c6e4821cb60da33541d6dfe5371e38ecd5', 1, 'SampleReports/01-seed-bugly-console-ja.txt', 'bugly-console', 0, NULL, NULL, NULL, '2026-12-03 10:51:06+00', 'iPhone 6 Plus', 'iPhone7,1', 'iPhone 6 Plus', 'iPhone', '8.1.3(12 B 466)', 'iOS', '8.1.3', '12B466', 8, 1, 3, 8001003, false, NULL, NULL, NULL, NULL, NULL, 'NSUnknownKeyException', true, NULL, '[setValue:forUndefinedKey:]:this class is not key value coding-compliant for the key_placeholderLabel.', 'LilyForParent', '-[UItextView(Extension)was_setPlaceholderWithText:Color:]', NULL, 1, 'not_needed', NULL, true, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, '2026-12-03 10:51:06+00');

INSERT INTO public.schema_migrations VALUES (1, 'core_tables', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (2, 'public_views', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (3, 'recommendation_evidence', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (4, 'group_samples_and_stored_evidence', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (5, 'import_file_fingerprint', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (6, 'group_os_index', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (7, 'group_tallies', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (8, 'importer_tallies', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (9, 'grouping_devices_time', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (10, 'skipped_files', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (11, 'text_repairs', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (12, 'source_findings', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (13, 'affected_devices_users', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (14, 'failure_cells', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (15, 'group_blame_tally', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (16, 'failure_days', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (17, 'deferred_indexes', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (18, 'failure_group_keys', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (19, 'time_ranges', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (20, 'cell_ids_by_os', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (21, 'cell_device_indexes', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (22, 'report_count', '2026-12-03 10:51:06+00');
INSERT INTO public.schema_migrations VALUES (23, 'hash_prefix_keys', '2026-12-03 10:51:06+00');

SELECT pg_catalog.setval('public.crash_group_id_seq', 13, true);

SELECT pg_catalog.setval('public.failure_cell_id_seq', 16, true);

SELECT pg_catalog.setval('public.import_file_id_seq', 24, true);

SELECT pg_catalog.setval('public.import_run_id_seq', 1, true);

SELECT pg_catalog.setval('public.report_id_seq', 21, true);

SELECT pg_catalog.setval('public.source_finding_id_seq', 1, false);

SELECT pg_catalog.setval('public.source_scan_id_seq', 1, false);

ALTER TABLE ONLY public.crash_group
    ADD CONSTRAINT crash_group_fingerprint_key UNIQUE (fingerprint);

ALTER TABLE ONLY public.crash_group
    ADD CONSTRAINT crash_group_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.failure_cell_device
    ADD CONSTRAINT failure_cell_device_pkey PRIMARY KEY (cell_id, device_id);

ALTER TABLE ONLY public.failure_cell
    ADD CONSTRAINT failure_cell_group_id_device_model_device_name_os_version_o_key UNIQUE (group_id, device_model, device_name, os_version, os_key, app_version);

ALTER TABLE ONLY public.failure_cell
    ADD CONSTRAINT failure_cell_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.failure_cell_user
    ADD CONSTRAINT failure_cell_user_pkey PRIMARY KEY (cell_id, user_id);

ALTER TABLE ONLY public.failure_day
    ADD CONSTRAINT failure_day_pkey PRIMARY KEY (group_id, day);

ALTER TABLE ONLY public.failure_device
    ADD CONSTRAINT failure_device_pkey PRIMARY KEY (device_id);

ALTER TABLE ONLY public.failure_group_device
    ADD CONSTRAINT failure_group_device_pkey PRIMARY KEY (group_id, device_id);

ALTER TABLE ONLY public.failure_group_key
    ADD CONSTRAINT failure_group_key_pkey PRIMARY KEY (group_id, kind, has_key, key);

ALTER TABLE ONLY public.failure_group_user
    ADD CONSTRAINT failure_group_user_pkey PRIMARY KEY (group_id, user_id);

ALTER TABLE ONLY public.failure_user
    ADD CONSTRAINT failure_user_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.group_blame_tally
    ADD CONSTRAINT group_blame_tally_pkey PRIMARY KEY (group_id, blame_frame);

ALTER TABLE ONLY public.group_device_id_tally
    ADD CONSTRAINT group_device_id_tally_pkey PRIMARY KEY (group_id, device_id);

ALTER TABLE ONLY public.group_device_tally
    ADD CONSTRAINT group_device_tally_pkey PRIMARY KEY (group_id, device);

ALTER TABLE ONLY public.group_fix
    ADD CONSTRAINT group_fix_pkey PRIMARY KEY (group_id);

ALTER TABLE ONLY public.group_tally
    ADD CONSTRAINT group_tally_pkey PRIMARY KEY (group_id, app, os_version, os_key, app_version);

ALTER TABLE ONLY public.group_user_id_tally
    ADD CONSTRAINT group_user_id_tally_pkey PRIMARY KEY (group_id, user_id);

ALTER TABLE ONLY public.import_file
    ADD CONSTRAINT import_file_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.import_run
    ADD CONSTRAINT import_run_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.kvc_failure
    ADD CONSTRAINT kvc_failure_pkey PRIMARY KEY (report_id);

ALTER TABLE ONLY public.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.recommendation
    ADD CONSTRAINT recommendation_pkey PRIMARY KEY (group_id);

ALTER TABLE ONLY public.report_hash
    ADD CONSTRAINT report_hash_pkey PRIMARY KEY (content_hash);

ALTER TABLE ONLY public.report
    ADD CONSTRAINT report_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2015m01
    ADD CONSTRAINT report_y2015m01_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2015m02
    ADD CONSTRAINT report_y2015m02_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2015m03
    ADD CONSTRAINT report_y2015m03_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2015m07
    ADD CONSTRAINT report_y2015m07_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2018m11
    ADD CONSTRAINT report_y2018m11_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2019m08
    ADD CONSTRAINT report_y2019m08_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2019m10
    ADD CONSTRAINT report_y2019m10_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2019m11
    ADD CONSTRAINT report_y2019m11_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2019m12
    ADD CONSTRAINT report_y2019m12_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2020m02
    ADD CONSTRAINT report_y2020m02_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2020m09
    ADD CONSTRAINT report_y2020m09_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2020m11
    ADD CONSTRAINT report_y2020m11_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2022m11
    ADD CONSTRAINT report_y2022m11_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.report_y2026m12
    ADD CONSTRAINT report_y2026m12_pkey PRIMARY KEY (id, retained_at);

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

ALTER TABLE ONLY public.source_finding
    ADD CONSTRAINT source_finding_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.source_scan
    ADD CONSTRAINT source_scan_pkey PRIMARY KEY (id);

CREATE INDEX failure_cell_model ON public.failure_cell USING btree (lower(device_model), os_key);

CREATE INDEX failure_cell_name ON public.failure_cell USING btree (lower(device_name), os_key);

CREATE INDEX failure_cell_os ON public.failure_cell USING btree (os_key);

CREATE INDEX group_tally_app_os ON public.group_tally USING btree (app, os_key);

CREATE INDEX import_file_hash ON public.import_file USING btree (file_hash) WHERE (file_hash IS NOT NULL);

CREATE INDEX import_file_run ON public.import_file USING btree (run_id);

CREATE INDEX kvc_failure_class_key ON public.kvc_failure USING btree (receiver_class, key);

CREATE INDEX report_app_version ON ONLY public.report USING btree (app_version);

CREATE INDEX report_device_model ON ONLY public.report USING btree (lower(device_model), os_key);

CREATE INDEX report_device_name ON ONLY public.report USING btree (lower(device_name), os_key);

CREATE INDEX report_group_os ON ONLY public.report USING btree (group_id, os_key);

CREATE INDEX report_group_seen ON ONLY public.report USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_os ON ONLY public.report USING btree (os_key);

CREATE INDEX report_y2015m01_app_version_idx ON public.report_y2015m01 USING btree (app_version);

CREATE INDEX report_y2015m01_group_id_date_trunc_id_idx ON public.report_y2015m01 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2015m01_group_id_os_key_idx ON public.report_y2015m01 USING btree (group_id, os_key);

CREATE INDEX report_y2015m01_lower_os_key_idx ON public.report_y2015m01 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2015m01_lower_os_key_idx1 ON public.report_y2015m01 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2015m01_os_key_idx ON public.report_y2015m01 USING btree (os_key);

CREATE INDEX report_y2015m02_app_version_idx ON public.report_y2015m02 USING btree (app_version);

CREATE INDEX report_y2015m02_group_id_date_trunc_id_idx ON public.report_y2015m02 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2015m02_group_id_os_key_idx ON public.report_y2015m02 USING btree (group_id, os_key);

CREATE INDEX report_y2015m02_lower_os_key_idx ON public.report_y2015m02 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2015m02_lower_os_key_idx1 ON public.report_y2015m02 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2015m02_os_key_idx ON public.report_y2015m02 USING btree (os_key);

CREATE INDEX report_y2015m03_app_version_idx ON public.report_y2015m03 USING btree (app_version);

CREATE INDEX report_y2015m03_group_id_date_trunc_id_idx ON public.report_y2015m03 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2015m03_group_id_os_key_idx ON public.report_y2015m03 USING btree (group_id, os_key);

CREATE INDEX report_y2015m03_lower_os_key_idx ON public.report_y2015m03 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2015m03_lower_os_key_idx1 ON public.report_y2015m03 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2015m03_os_key_idx ON public.report_y2015m03 USING btree (os_key);

CREATE INDEX report_y2015m07_app_version_idx ON public.report_y2015m07 USING btree (app_version);

CREATE INDEX report_y2015m07_group_id_date_trunc_id_idx ON public.report_y2015m07 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2015m07_group_id_os_key_idx ON public.report_y2015m07 USING btree (group_id, os_key);

CREATE INDEX report_y2015m07_lower_os_key_idx ON public.report_y2015m07 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2015m07_lower_os_key_idx1 ON public.report_y2015m07 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2015m07_os_key_idx ON public.report_y2015m07 USING btree (os_key);

CREATE INDEX report_y2018m11_app_version_idx ON public.report_y2018m11 USING btree (app_version);

CREATE INDEX report_y2018m11_group_id_date_trunc_id_idx ON public.report_y2018m11 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2018m11_group_id_os_key_idx ON public.report_y2018m11 USING btree (group_id, os_key);

CREATE INDEX report_y2018m11_lower_os_key_idx ON public.report_y2018m11 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2018m11_lower_os_key_idx1 ON public.report_y2018m11 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2018m11_os_key_idx ON public.report_y2018m11 USING btree (os_key);

CREATE INDEX report_y2019m08_app_version_idx ON public.report_y2019m08 USING btree (app_version);

CREATE INDEX report_y2019m08_group_id_date_trunc_id_idx ON public.report_y2019m08 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2019m08_group_id_os_key_idx ON public.report_y2019m08 USING btree (group_id, os_key);

CREATE INDEX report_y2019m08_lower_os_key_idx ON public.report_y2019m08 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2019m08_lower_os_key_idx1 ON public.report_y2019m08 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2019m08_os_key_idx ON public.report_y2019m08 USING btree (os_key);

CREATE INDEX report_y2019m10_app_version_idx ON public.report_y2019m10 USING btree (app_version);

CREATE INDEX report_y2019m10_group_id_date_trunc_id_idx ON public.report_y2019m10 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2019m10_group_id_os_key_idx ON public.report_y2019m10 USING btree (group_id, os_key);

CREATE INDEX report_y2019m10_lower_os_key_idx ON public.report_y2019m10 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2019m10_lower_os_key_idx1 ON public.report_y2019m10 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2019m10_os_key_idx ON public.report_y2019m10 USING btree (os_key);

CREATE INDEX report_y2019m11_app_version_idx ON public.report_y2019m11 USING btree (app_version);

CREATE INDEX report_y2019m11_group_id_date_trunc_id_idx ON public.report_y2019m11 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2019m11_group_id_os_key_idx ON public.report_y2019m11 USING btree (group_id, os_key);

CREATE INDEX report_y2019m11_lower_os_key_idx ON public.report_y2019m11 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2019m11_lower_os_key_idx1 ON public.report_y2019m11 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2019m11_os_key_idx ON public.report_y2019m11 USING btree (os_key);

CREATE INDEX report_y2019m12_app_version_idx ON public.report_y2019m12 USING btree (app_version);

CREATE INDEX report_y2019m12_group_id_date_trunc_id_idx ON public.report_y2019m12 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2019m12_group_id_os_key_idx ON public.report_y2019m12 USING btree (group_id, os_key);

CREATE INDEX report_y2019m12_lower_os_key_idx ON public.report_y2019m12 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2019m12_lower_os_key_idx1 ON public.report_y2019m12 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2019m12_os_key_idx ON public.report_y2019m12 USING btree (os_key);

CREATE INDEX report_y2020m02_app_version_idx ON public.report_y2020m02 USING btree (app_version);

CREATE INDEX report_y2020m02_group_id_date_trunc_id_idx ON public.report_y2020m02 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2020m02_group_id_os_key_idx ON public.report_y2020m02 USING btree (group_id, os_key);

CREATE INDEX report_y2020m02_lower_os_key_idx ON public.report_y2020m02 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2020m02_lower_os_key_idx1 ON public.report_y2020m02 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2020m02_os_key_idx ON public.report_y2020m02 USING btree (os_key);

CREATE INDEX report_y2020m09_app_version_idx ON public.report_y2020m09 USING btree (app_version);

CREATE INDEX report_y2020m09_group_id_date_trunc_id_idx ON public.report_y2020m09 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2020m09_group_id_os_key_idx ON public.report_y2020m09 USING btree (group_id, os_key);

CREATE INDEX report_y2020m09_lower_os_key_idx ON public.report_y2020m09 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2020m09_lower_os_key_idx1 ON public.report_y2020m09 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2020m09_os_key_idx ON public.report_y2020m09 USING btree (os_key);

CREATE INDEX report_y2020m11_app_version_idx ON public.report_y2020m11 USING btree (app_version);

CREATE INDEX report_y2020m11_group_id_date_trunc_id_idx ON public.report_y2020m11 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2020m11_group_id_os_key_idx ON public.report_y2020m11 USING btree (group_id, os_key);

CREATE INDEX report_y2020m11_lower_os_key_idx ON public.report_y2020m11 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2020m11_lower_os_key_idx1 ON public.report_y2020m11 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2020m11_os_key_idx ON public.report_y2020m11 USING btree (os_key);

CREATE INDEX report_y2022m11_app_version_idx ON public.report_y2022m11 USING btree (app_version);

CREATE INDEX report_y2022m11_group_id_date_trunc_id_idx ON public.report_y2022m11 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2022m11_group_id_os_key_idx ON public.report_y2022m11 USING btree (group_id, os_key);

CREATE INDEX report_y2022m11_lower_os_key_idx ON public.report_y2022m11 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2022m11_lower_os_key_idx1 ON public.report_y2022m11 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2022m11_os_key_idx ON public.report_y2022m11 USING btree (os_key);

CREATE INDEX report_y2026m12_app_version_idx ON public.report_y2026m12 USING btree (app_version);

CREATE INDEX report_y2026m12_group_id_date_trunc_id_idx ON public.report_y2026m12 USING btree (group_id, date_trunc('second'::text, (COALESCE(occurred_at, uploaded_at) AT TIME ZONE 'UTC'::text)), id);

CREATE INDEX report_y2026m12_group_id_os_key_idx ON public.report_y2026m12 USING btree (group_id, os_key);

CREATE INDEX report_y2026m12_lower_os_key_idx ON public.report_y2026m12 USING btree (lower(device_model), os_key);

CREATE INDEX report_y2026m12_lower_os_key_idx1 ON public.report_y2026m12 USING btree (lower(device_name), os_key);

CREATE INDEX report_y2026m12_os_key_idx ON public.report_y2026m12 USING btree (os_key);

CREATE INDEX source_finding_class_key ON public.source_finding USING btree (rule_class, key);

CREATE INDEX source_finding_scan ON public.source_finding USING btree (scan_id);

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2015m01_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2015m01_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2015m01_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2015m01_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2015m01_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2015m01_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2015m01_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2015m02_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2015m02_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2015m02_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2015m02_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2015m02_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2015m02_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2015m02_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2015m03_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2015m03_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2015m03_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2015m03_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2015m03_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2015m03_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2015m03_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2015m07_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2015m07_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2015m07_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2015m07_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2015m07_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2015m07_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2015m07_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2018m11_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2018m11_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2018m11_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2018m11_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2018m11_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2018m11_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2018m11_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2019m08_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2019m08_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2019m08_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2019m08_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2019m08_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2019m08_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2019m08_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2019m10_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2019m10_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2019m10_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2019m10_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2019m10_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2019m10_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2019m10_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2019m11_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2019m11_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2019m11_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2019m11_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2019m11_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2019m11_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2019m11_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2019m12_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2019m12_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2019m12_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2019m12_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2019m12_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2019m12_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2019m12_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2020m02_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2020m02_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2020m02_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2020m02_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2020m02_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2020m02_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2020m02_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2020m09_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2020m09_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2020m09_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2020m09_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2020m09_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2020m09_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2020m09_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2020m11_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2020m11_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2020m11_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2020m11_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2020m11_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2020m11_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2020m11_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2022m11_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2022m11_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2022m11_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2022m11_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2022m11_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2022m11_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2022m11_pkey;

ALTER INDEX public.report_app_version ATTACH PARTITION public.report_y2026m12_app_version_idx;

ALTER INDEX public.report_group_seen ATTACH PARTITION public.report_y2026m12_group_id_date_trunc_id_idx;

ALTER INDEX public.report_group_os ATTACH PARTITION public.report_y2026m12_group_id_os_key_idx;

ALTER INDEX public.report_device_model ATTACH PARTITION public.report_y2026m12_lower_os_key_idx;

ALTER INDEX public.report_device_name ATTACH PARTITION public.report_y2026m12_lower_os_key_idx1;

ALTER INDEX public.report_os ATTACH PARTITION public.report_y2026m12_os_key_idx;

ALTER INDEX public.report_pkey ATTACH PARTITION public.report_y2026m12_pkey;

CREATE OR REPLACE VIEW public.crash_groups AS
 SELECT g.id,
    g.fingerprint,
    g.exception_type,
    g.receiver_class,
    g.key,
    g.blame_frame,
    min(COALESCE(r.occurred_at, r.uploaded_at)) AS first_seen,
    max(COALESCE(r.occurred_at, r.uploaded_at)) AS last_seen,
    count(r.id) AS report_count,
    count(DISTINCT COALESCE(r.device_name, r.device_model)) AS device_count,
    g.kind,
    g.accessor,
    g.key_is_private,
    g.cause,
    g.reason,
    g.class_origin,
    ( SELECT NULLIF(count(*), 0) AS "nullif"
           FROM public.group_device_id_tally t
          WHERE (t.group_id = g.id)) AS affected_devices,
    ( SELECT NULLIF(count(*), 0) AS "nullif"
           FROM public.group_user_id_tally t
          WHERE (t.group_id = g.id)) AS affected_users
   FROM (public.crash_group g
     JOIN public.report r ON ((r.group_id = g.id)))
  GROUP BY g.id;

CREATE TRIGGER kvc_failure_cell_delete AFTER DELETE ON public.kvc_failure REFERENCING OLD TABLE AS old_failures FOR EACH STATEMENT EXECUTE FUNCTION public.kvc_failure_cell_change();

CREATE TRIGGER kvc_failure_cell_insert AFTER INSERT ON public.kvc_failure REFERENCING NEW TABLE AS new_failures FOR EACH STATEMENT EXECUTE FUNCTION public.kvc_failure_cell_change();

CREATE TRIGGER kvc_failure_key_delete AFTER DELETE ON public.kvc_failure REFERENCING OLD TABLE AS old_failures FOR EACH STATEMENT EXECUTE FUNCTION public.kvc_failure_key_change();

CREATE TRIGGER kvc_failure_key_insert AFTER INSERT ON public.kvc_failure REFERENCING NEW TABLE AS new_failures FOR EACH STATEMENT EXECUTE FUNCTION public.kvc_failure_key_change();

CREATE TRIGGER kvc_failure_key_update AFTER UPDATE ON public.kvc_failure REFERENCING OLD TABLE AS old_failures NEW TABLE AS new_failures FOR EACH STATEMENT EXECUTE FUNCTION public.kvc_failure_key_change();

CREATE TRIGGER report_blame_delete AFTER DELETE ON public.report REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_blame_change();

CREATE TRIGGER report_blame_insert AFTER INSERT ON public.report REFERENCING NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_blame_change();

CREATE TRIGGER report_blame_update AFTER UPDATE ON public.report REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_blame_change();

CREATE TRIGGER report_cell_delete AFTER DELETE ON public.report REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_cell_change();

CREATE TRIGGER report_cell_update AFTER UPDATE ON public.report REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_cell_change();

CREATE TRIGGER report_key_delete AFTER DELETE ON public.report REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_key_change();

CREATE TRIGGER report_key_update AFTER UPDATE ON public.report REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_key_change();

CREATE TRIGGER report_tally_delete AFTER DELETE ON public.report REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_tally_change();

CREATE TRIGGER report_tally_insert AFTER INSERT ON public.report REFERENCING NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_tally_change();

CREATE TRIGGER report_tally_update AFTER UPDATE ON public.report REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports FOR EACH STATEMENT EXECUTE FUNCTION public.report_tally_change();

ALTER TABLE ONLY public.failure_cell_device
    ADD CONSTRAINT failure_cell_device_cell_id_fkey FOREIGN KEY (cell_id) REFERENCES public.failure_cell(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_cell
    ADD CONSTRAINT failure_cell_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_cell_user
    ADD CONSTRAINT failure_cell_user_cell_id_fkey FOREIGN KEY (cell_id) REFERENCES public.failure_cell(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_day
    ADD CONSTRAINT failure_day_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_group_device
    ADD CONSTRAINT failure_group_device_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_group_key
    ADD CONSTRAINT failure_group_key_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.failure_group_user
    ADD CONSTRAINT failure_group_user_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_blame_tally
    ADD CONSTRAINT group_blame_tally_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_device_id_tally
    ADD CONSTRAINT group_device_id_tally_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_device_tally
    ADD CONSTRAINT group_device_tally_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_fix
    ADD CONSTRAINT group_fix_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_tally
    ADD CONSTRAINT group_tally_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_user_id_tally
    ADD CONSTRAINT group_user_id_tally_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.import_file
    ADD CONSTRAINT import_file_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.import_run(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.recommendation
    ADD CONSTRAINT recommendation_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id) ON DELETE CASCADE;

ALTER TABLE public.report
    ADD CONSTRAINT report_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.crash_group(id);

ALTER TABLE public.report
    ADD CONSTRAINT report_import_file_id_fkey FOREIGN KEY (import_file_id) REFERENCES public.import_file(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.source_finding
    ADD CONSTRAINT source_finding_scan_id_fkey FOREIGN KEY (scan_id) REFERENCES public.source_scan(id) ON DELETE CASCADE;

