import CrashScanModel

/// What crashscan knows about receiver classes and keys (kvc-catalog.md).
public enum KnownClasses {
    /// Public UIKit/WebKit classes that appear in KVC crashes, by lower-cased name, so a paste
    /// that mangled the case (`UItextView` in the seed) still resolves.
    static let publicClasses: [String: String] = {
        let names = [
            "UITextView", "UITextField", "UISearchBar", "UIApplication", "UIPageControl", "UIDatePicker",
            "UIAlertAction", "UIAlertController", "UINavigationBar", "UITabBar", "UITabBarItem",
            "UIBarButtonItem",
            "UIToolbar", "UIPickerView", "UIRefreshControl", "UIColor", "UILabel", "UIButton", "UIView",
            "UIViewController", "UITableView", "UITableViewCell", "UICollectionView", "UIScrollView",
            "UIImageView",
            "UISegmentedControl", "UISlider", "UISwitch", "UIProgressView", "UIWindow", "UIScreen",
            "UIStackView",
            "UIActivityIndicatorView", "UIStepper", "UIWebView", "WKWebView", "WKWebViewConfiguration",
            "WKPreferences", "NSLayoutConstraint", "UINavigationController", "UITabBarController",
            "MFMailComposeViewController", "UIImagePickerController", "UISearchController", "UIFont",
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0.lowercased(), $0) })
    }()

    /// Private UIKit classes seen as KVC receivers.
    static let privateClasses: Set<String> = [
        "UIStatusBar", "UIStatusBar_Modern", "UIStatusBar_Placeholder", "UITabBarButton",
        "UINavigationButton",
        "UISearchBarTextField", "UIStatusBarWindow", "UINavigationItemView", "UITabBarSwappableImageView",
        "UIKBKeyView", "UIPickerTableView", "UIRemoteKeyboardWindow",
    ]

    /// (class, key) pairs that look public but reach private state (kvc-catalog.md 2.2).
    package static let privateKeys: [String: Set<String>] = [
        "UIDatePicker": ["textColor", "highlightsToday"],
        "UIPageControl": ["pageImage", "currentPageImage"],
        "UIApplication": ["statusBar", "statusBarWindow"],
        "UIStatusBar": ["foregroundView"],
        "UIStatusBar_Modern": ["foregroundView"],
        "UIStatusBar_Placeholder": ["foregroundView"],
        "UINavigationBar": ["backdropGroupName"],
        "UIAlertAction": ["titleTextColor"],
        "UITabBar": ["backgroundTransitionProgress"],
        "UIBarButtonItem": ["isHidden", "view"],
        "UITabBarItem": ["view"],
        "WKWebViewConfiguration": ["allowUniversalAccessFromFileURLs"],
        "UIAlertController": ["attributedTitle", "attributedMessage", "contentViewController"],
        "UIPickerView": ["textColor"],
        "MFMailComposeViewController": ["contentViewController"],
    ]

    /// Canonical spelling of a public UIKit class written in any case.
    public static func canonicalPublicClass(_ name: String) -> String? {
        publicClasses[name.lowercased()] ?? UIKitClassCatalog.publicClass(matching: name)
    }

    /// Whose class `name` is, from UIKit's class lists and, for a name they do not settle, the
    /// frames: an Objective-C method of the class in one of the app's own images makes it the
    /// app's (a `UI` prefix alone proves nothing: `UIFloatLabelTextField` is a library's class).
    public static func origin(of name: String, frames: FrameList) -> (origin: ClassOrigin, reason: String) {
        if isFoundationClusterClass(name) { return (.system, "a Foundation class-cluster class") }
        if let visibility = UIKitClassCatalog.visibility(of: name) {
            return visibility == .public
                ? (.uikit, "declared in UIKit's public headers")
                : (.uikitPrivate, "exported by UIKit, in no public header")
        }
        if privateClasses.contains(name) || name.hasPrefix("_UI") || name.hasPrefix("UIStatusBar_") {
            return (.uikitPrivate, "a private UIKit class (catalogue)")
        }
        if name.fastContains(".") { return (.app, "a Swift class of module \(name.prefix { $0 != "." })") }
        if let image = imageImplementing(name, frames: frames) {
            return (.app, "its methods run in the app's image \(image)")
        }
        if name.hasPrefix("UI") {
            return (
                .unknown, "UI prefix, but in no UIKit SDK's class list (iOS 9.3–16.5) nor the app's frames"
            )
        }
        if isSystemClass(name) { return (.system, "an Apple framework prefix") }
        return (.app, "no Apple framework prefix")
    }

    /// The first non-system image with a method of `name` itself (not a category on it).
    static func imageImplementing(_ name: String, frames: FrameList) -> String? {
        let instance = Array("-[\(name) ".utf8)
        let classMethod = Array("+[\(name) ".utf8)
        return frames.first { frame in
            !frame.isUnsymbolicated && (frame.symbolHasPrefix(instance) || frame.symbolHasPrefix(classMethod))
                && !isSystemImage(frame.image)
        }?.image
    }

    /// Private implementation classes of Foundation's class clusters (`__NSArrayI`,
    /// `__NSCFString`, `NSTaggedPointerString`): KVC on them is an ordinary app bug with a
    /// collection or string, not private-API use.
    static func isFoundationClusterClass(_ name: String) -> Bool {
        name.hasPrefix("__NS") || name.hasPrefix("NSTaggedPointer") || name.hasPrefix("_NSInline")
            || name.hasPrefix("__SwiftNative") || name.hasPrefix("_TtCs") || name.hasPrefix("Swift.")
    }

    /// A private system class: `_UI…`, `UIStatusBar_…`, or one the catalog lists.
    public static func isPrivateClass(_ name: String) -> Bool {
        if isFoundationClusterClass(name) { return false }
        if privateClasses.contains(name) || name.hasPrefix("UIStatusBar_") { return true }
        if UIKitClassCatalog.visibility(of: name) == .private { return true }
        return name.hasPrefix("_UI") || name.hasPrefix("_NS") || name.hasPrefix("_WK")
            || name.hasPrefix("_MF")
    }

    /// Apple framework prefixes: a class with one of them is not the app's own.
    private static let applePrefixes = [
        "UI", "NS", "WK", "CA", "CF", "AV", "MK", "MF", "SK", "SF", "PH", "GK", "CN", "EK", "CL", "CT", "AB",
        "QL",
        "PK", "SL", "SB", "LS", "CK", "HK", "NE", "NW", "OS", "_UI", "_NS", "__NS", "_WK", "AS", "ML", "AR",
        "SC",
    ]

    /// True for a class that belongs to Apple's frameworks (public or private).
    public static func isSystemClass(_ name: String) -> Bool {
        if name.fastContains(".") { return false }  // `MyApp.MainViewController`: a Swift app class
        for prefix in applePrefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let next = rest.unicodeScalars.first,
                CharacterSetASCII.isLetter(next) && next.value < 91 || next == "_"
            {
                return true
            }
        }
        return false
    }

    /// True when the key is private: a leading underscore, a (class, key) pair the catalog
    /// knows, a key that reaches private state of a UIKit class in the runtime headers
    /// (`KVCReach.reachesPrivateState`), or a private receiver class.
    public static func isPrivateKey(_ key: String?, receiver: String?, accessor: KVCAccessor? = nil) -> Bool {
        // The first ground is enough: this runs for every KVC failure imported.
        !privacyGrounds(key: key, receiver: receiver, accessor: accessor, all: false).isEmpty
    }

    /// Why a key counts as private, in words (nil when it does not).
    public static func privacyReason(key: String?, receiver: String?, accessor: KVCAccessor? = nil) -> String?
    {
        let grounds = privacyGrounds(key: key, receiver: receiver, accessor: accessor, all: true)
        let words: [String] = grounds.compactMap { ground in
            switch ground {
            case .underscore: return "leading underscore"
            case .catalogue: return "\(receiver ?? "").\(key ?? "") reaches private state (catalogue)"
            case .headers(let reach): return reach.privateStateReason
            // Named only when nothing about the key is.
            case .privateClass: return grounds.count == 1 ? "\(receiver ?? "") is a private class" : nil
            }
        }
        return words.isEmpty ? nil : words.joined(separator: "; ")
    }

    /// What makes a key private, in the order `privacyReason` says it.
    enum PrivacyGround {
        case underscore
        case catalogue
        case headers(KVCReach)
        case privateClass
    }

    /// The grounds that hold, in order; with `all` false, the first one only.
    static func privacyGrounds(key: String?, receiver: String?, accessor: KVCAccessor?, all: Bool)
        -> [PrivacyGround]
    {
        var grounds: [PrivacyGround] = []
        if let key, key.hasPrefix("_") {
            grounds.append(.underscore)
            if !all { return grounds }
        }
        if let key, let receiver {
            // An underscore says it already; the catalogue's pair is named only without one.
            if !key.hasPrefix("_"), privateKeys[receiver]?.contains(String(key.prefix { $0 != "." })) == true
            {
                grounds.append(.catalogue)
                if !all { return grounds }
            }
            if let reach = UIKitMemberCatalog.reach(key: key, accessor: accessor, on: receiver),
                reach.reachesPrivateState
            {
                grounds.append(.headers(reach))
                if !all { return grounds }
            }
        }
        if let receiver, isPrivateClass(receiver) { grounds.append(.privateClass) }
        return grounds
    }

    /// Images that belong to iOS, not to the app: frames in them are never the blame frame.
    public static func isSystemImage(_ image: String) -> Bool {
        if systemImages.contains(image) { return true }
        // Every prefix below starts with `l`, `c` or `d`: most names (`UIKitCore`, the app's)
        // skip the nine tests (an `.ips` file asks this of its 40 or so images).
        guard let first = image.utf8.first, "lcd".utf8.contains(first) else { return false }
        return image.hasPrefix("libsystem_") || image.hasPrefix("libswift") || image.hasPrefix("libobjc")
            || image.hasPrefix("libdispatch") || image.hasPrefix("libc++") || image.hasPrefix("libxpc")
            || image.hasPrefix("com.apple.") || image.hasPrefix("libdyld") || image == "dyld"
    }

    static let systemImages: Set<String> = [
        "CoreFoundation", "Foundation", "UIKit", "UIKitCore", "QuartzCore", "CFNetwork", "GraphicsServices",
        "WebKit", "WebCore", "JavaScriptCore", "CoreGraphics", "CoreText", "ImageIO", "Security", "MessageUI",
        "AVFoundation", "CoreData", "CoreLocation", "MapKit", "Photos", "PhotosUI", "SpringBoard",
        "BackBoardServices",
        "FrontBoardServices", "BaseBoard", "RunningBoardServices", "AppKit", "SwiftUI", "CoreMotion",
        "StoreKit",
        "UIFoundation", "TextInput", "TextInputCore", "UIKitServices", "Contacts", "ContactsUI",
        "SafariServices",
        "AudioToolbox", "MediaPlayer", "CoreMedia", "VideoToolbox", "Metal", "OpenGLES", "IOKit",
        "libc.dylib",
        "libz.dylib", "libsqlite3.dylib", "libicucore.A.dylib", "CoreAnimation", "AccessibilityUtilities",
        "UIAccessibility", "CoreUI", "DocumentManager", "ShareSheet", "Social", "Accounts", "AdSupport",
        "SystemConfiguration", "CoreTelephony", "WebKitLegacy", "UserNotifications", "DVTFoundation",
        "libobjc.A.dylib",
        "libdispatch.dylib", "libsystem_kernel.dylib", "libsystem_pthread.dylib", "libsystem_c.dylib",
        "libc++abi.dylib", "libc++.1.dylib",
    ]
}
