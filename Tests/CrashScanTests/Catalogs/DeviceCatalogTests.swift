import XCTest

@testable import CrashScanArchive
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

final class DeviceCatalogTests: XCTestCase {
    func testIdentifierToNameAnyCase() {
        XCTAssertEqual(DeviceCatalog.name(forIdentifier: "iPhone7,1"), "iPhone 6 Plus")
        XCTAssertEqual(DeviceCatalog.name(forIdentifier: "IPHONE7,1"), "iPhone 6 Plus")
        XCTAssertEqual(DeviceCatalog.name(forIdentifier: "iPhone17,2"), "iPhone 16 Pro Max")
        XCTAssertEqual(DeviceCatalog.name(forIdentifier: "iPad7,11"), "iPad (7th generation)")
        XCTAssertEqual(DeviceCatalog.name(forIdentifier: "iPod9,1"), "iPod touch (7th generation)")
    }

    func testNameToIdentifierAnyCaseAndSpacing() {
        XCTAssertEqual(DeviceCatalog.resolve("iPhone 6 Plus")?.identifier, "iPhone7,1")
        XCTAssertEqual(DeviceCatalog.resolve("iphone 6 plus")?.identifier, "iPhone7,1")
        XCTAssertEqual(DeviceCatalog.resolve("iPhone6 Plus")?.identifier, "iPhone7,1")
        XCTAssertEqual(DeviceCatalog.resolve("iPhone 16e")?.identifier, "iPhone17,5")
    }

    func testSharedNameKeepsNameAndNoIdentifier() throws {
        let device = try XCTUnwrap(DeviceCatalog.resolve("iPhone XS Max"))
        XCTAssertEqual(device.name, "iPhone XS Max")
        XCTAssertNil(device.identifier)
        XCTAssertEqual(
            Set(DeviceCatalog.identifiers(forName: "iphone xs max")), ["iPhone11,4", "iPhone11,6"])
        XCTAssertNil(DeviceCatalog.resolve("iPhone 7")?.identifier)
    }

    func testEveryPhoneFamilyThroughIPhone16IsKnown() {
        for name in [
            "iPhone 4S", "iPhone 5s", "iPhone 6", "iPhone 7 Plus", "iPhone 8", "iPhone X", "iPhone XR",
            "iPhone 11 Pro",
            "iPhone 12 mini", "iPhone 13", "iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro",
            "iPhone 16",
            "iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max", "iPhone SE (3rd generation)",
        ] {
            XCTAssertFalse(DeviceCatalog.identifiers(forName: name).isEmpty, name)
        }
    }

    func testSimulatorsMacsAndUnknownDevices() {
        XCTAssertEqual(DeviceCatalog.resolve("x86_64")?.kind, .simulator)
        XCTAssertEqual(DeviceCatalog.resolve("arm64")?.kind, .simulator)
        XCTAssertEqual(DeviceCatalog.resolve("iOS Simulator (iPhone)")?.kind, .simulator)
        XCTAssertEqual(DeviceCatalog.resolve("MacBookPro16,1")?.kind, .mac)
        XCTAssertEqual(DeviceCatalog.resolve("Mac13,1")?.kind, .mac)
        let future = DeviceCatalog.resolve("iPhone99,1")
        XCTAssertEqual(future?.identifier, "iPhone99,1", "a newer identifier is kept")
        XCTAssertNil(future?.name)
        XCTAssertEqual(future?.kind, .iPhone)
        XCTAssertNil(DeviceCatalog.resolve(""))
    }
}
