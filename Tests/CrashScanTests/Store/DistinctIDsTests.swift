import XCTest

@testable import CrashScanStore

/// The distinct ids a fold counts per group and overall (`DistinctIDs`) are what a set of
/// (group, id) pairs says, whatever the group ids: small ones find their group in an array,
/// others (negative, or beyond the array's limit) in a dictionary.
final class DistinctIDsTests: XCTestCase {
    func testCountsAreThoseOfTheDistinctPairsForAnyGroupID() {
        let groups = [
            0, 1, 7, 4_096, GroupSlots.arrayLimit - 1, GroupSlots.arrayLimit, 1 << 40, -3,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10 {
            var ids = DistinctIDs(numbered: true)
            var expected: [Int: Set<Int>] = [:]
            var carried: [Int: Int] = [:]
            var all = Set<Int>()
            for _ in 0..<2_000 {
                let group = groups.randomElement(using: &generator) ?? 0
                let number = Int.random(in: 0...300, using: &generator)
                ids.add(number, group: group)
                expected[group, default: []].insert(number)
                carried[group, default: 0] += 1
                all.insert(number)
            }
            XCTAssertEqual(ids.perGroup().mapValues(\.distinct), expected.mapValues(\.count))
            XCTAssertEqual(ids.perGroup().mapValues(\.carried), carried, "every id added is carried once")
            XCTAssertEqual(ids.total, all.count)
            XCTAssertEqual(ids.carriedOverall, 2_000)
        }
        XCTAssertNil(DistinctIDs(numbered: true).total, "no id at all: nil, not 0")
        XCTAssertTrue(DistinctIDs(numbered: true).perGroup().isEmpty)
    }

    func testAGroupWithoutIDsIsAbsentFromTheAffectedCounts() {
        var devices = DistinctIDs(numbered: true)
        var users = DistinctIDs(numbered: true)
        devices.add(5, group: 1)
        devices.add(5, group: 1)
        devices.add(6, group: 1)
        users.add(9, group: 2)
        let affected = DistinctIDs.affected(devices: devices, users: users)
        XCTAssertEqual(affected[1], AffectedCounts(devices: 2, users: nil, withDeviceID: 3, withUserID: 0))
        XCTAssertEqual(affected[2], AffectedCounts(devices: nil, users: 1, withDeviceID: 0, withUserID: 1))
        XCTAssertNil(affected[3])
    }
}
