/// The page's style sheet and script, inline: the file makes no request of its own.
enum HTMLAssets {
    /// Light and dark through `prefers-color-scheme`; one column below 700 px; wide tables scroll
    /// inside their box at 360 px; print drops the buttons and keeps the text.
    static let css = """
        :root{--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--panel:#f6f8fa;--accent:#0a58ca;
        --bar:#3b6fb6;--win:#b3261e;--fix:#1a7f37;--h1:#fde9d9;--h2:#f9c49a;--h3:#f39a5d;--h4:#d9622b;--h5:#a63b10;
        --hfg:#1b1f24;--hfg-strong:#fff}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#30363d;
        --panel:#161b22;--accent:#6cb6ff;--bar:#6ea8fe;--win:#ff7b72;--fix:#56d364;--h1:#3b2314;--h2:#5c2f12;
        --h3:#8a3f10;--h4:#c2561a;--h5:#f0883e;--hfg:#e6edf3;--hfg-strong:#0d1117}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
        header,main,footer{max-width:1100px;margin:0 auto;padding:0 16px}
        h1{font-size:1.5rem;margin:1.2rem 0 .4rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.3rem}
        h3{font-size:1.05rem;margin:1.2rem 0 .4rem}
        a{color:var(--accent);overflow-wrap:anywhere}
        code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        .facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:8px;margin:.8rem 0;padding:0}
        .facts div{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:6px 10px}
        .facts dt{font-size:.8rem;color:var(--muted)}.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
        .muted{color:var(--muted)}
        .scroll{overflow-x:auto;max-width:100%}
        table{border-collapse:collapse;font-size:.9rem}
        th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
        thead th{background:var(--panel)}
        table.heat td{text-align:center;min-width:2.6em;font-variant-numeric:tabular-nums}
        table.heat th[scope=row]{white-space:nowrap}
        .h1{background:var(--h1)}.h2{background:var(--h2)}.h3{background:var(--h3)}
        .h4{background:var(--h4);color:var(--hfg-strong)}.h5{background:var(--h5);color:var(--hfg-strong)}
        td.win,th.win{outline:2px dashed var(--win);outline-offset:-3px}
        tr.window th,tr.window td{font-size:.8rem;color:var(--win);background:transparent}
        .regressed{color:var(--win);font-weight:700}
        .tag{display:inline-block;border:1px solid var(--line);border-radius:10px;padding:0 7px;font-size:.8rem}
        .tag.high{border-color:var(--fix);color:var(--fix)}.tag.low{border-color:var(--win);color:var(--win)}
        svg{max-width:100%;height:auto;display:block}
        svg .bar{fill:var(--bar)}svg .axis{stroke:var(--muted);stroke-width:1}
        svg text{fill:var(--muted);font:11px sans-serif}
        svg .mark{stroke:var(--muted);stroke-dasharray:3 3}svg .mark.fix{stroke:var(--fix);stroke-dasharray:none;stroke-width:2}
        svg .mark.reg{stroke:var(--win);stroke-width:2}svg text.fix{fill:var(--fix)}svg text.reg{fill:var(--win);font-weight:700}
        svg polyline.rate{fill:none;stroke:var(--bar);stroke-width:2}svg circle.rate{fill:var(--bar)}
        svg .band{fill:var(--win);opacity:.13}svg text.band-label{fill:var(--win)}
        section.group{border-top:3px solid var(--line);margin-top:2.2rem}
        .cols{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:18px}
        @media (max-width:700px){.cols{grid-template-columns:minmax(0,1fr)}}
        li code,p code,h2 code,h3 code,summary code{overflow-wrap:anywhere}
        td code,td code a{white-space:nowrap;overflow-wrap:normal}
        pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:10px;overflow-x:auto;white-space:pre}
        ol.frames{padding-left:2.4em;margin:.3rem 0}ol.frames li{font:12.5px/1.5 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
        .code-head{display:flex;justify-content:space-between;align-items:center;margin-top:.8rem}
        button{font:inherit;font-size:.85rem;color:var(--fg);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:2px 10px;cursor:pointer}
        th button{border:0;background:none;padding:0;font-weight:700;cursor:pointer}
        th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
        details{margin:.4rem 0}summary{cursor:pointer;color:var(--accent)}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px;margin:.4rem 0}
        footer{margin:3rem auto 2rem;color:var(--muted);font-size:.85rem}
        @media print{button,nav{display:none}details>*{display:block}a{color:inherit}section.group{break-before:page}}
        """

    /// Sorting of the groups table, the copy buttons, and the closed `<details>` (trend tables,
    /// frames) opened while the page prints; everything works without it.
    static let script = """
        (function(){
        "use strict";
        function cellValue(row,index){var cell=row.cells[index];if(!cell){return "";}
        var v=cell.getAttribute("data-sort");return v===null?cell.textContent.trim():v;}
        document.querySelectorAll("table.sortable").forEach(function(table){
        var heads=table.tHead.rows[0].cells;
        Array.prototype.forEach.call(heads,function(th,index){
        var button=th.querySelector("button");if(!button){return;}
        button.addEventListener("click",function(){
        var numeric=th.classList.contains("n");
        var descending=th.getAttribute("aria-sort")!=="descending";
        Array.prototype.forEach.call(heads,function(other){other.removeAttribute("aria-sort");});
        th.setAttribute("aria-sort",descending?"descending":"ascending");
        var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
        rows.sort(function(a,b){var x=cellValue(a,index),y=cellValue(b,index);var c;
        if(numeric){c=(parseFloat(x)||-1)-(parseFloat(y)||-1);}else{c=x<y?-1:(x>y?1:0);}
        return descending?-c:c;});
        rows.forEach(function(row){body.appendChild(row);});});});});
        document.querySelectorAll("button.copy").forEach(function(button){
        button.hidden=false;
        button.addEventListener("click",function(){
        var code=document.getElementById(button.getAttribute("data-target"));if(!code){return;}
        var done=function(){button.textContent="Copied";setTimeout(function(){button.textContent="Copy";},1500);};
        if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(code.textContent).then(done,function(){});}
        else{var range=document.createRange();range.selectNodeContents(code);var sel=window.getSelection();
        sel.removeAllRanges();sel.addRange(range);}});});
        window.addEventListener("beforeprint",function(){
        document.querySelectorAll("details:not([open])").forEach(function(d){d.open=true;d.setAttribute("data-print-opened","");});});
        window.addEventListener("afterprint",function(){
        document.querySelectorAll("details[data-print-opened]").forEach(function(d){d.open=false;d.removeAttribute("data-print-opened");});});
        })();
        """
}
