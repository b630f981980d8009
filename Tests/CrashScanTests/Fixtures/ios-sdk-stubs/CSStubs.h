// Stand-ins for the iOS SDK (see README.md): declarations with their iOS availability.
#pragma once
#define IOS(v) __attribute__((availability(ios, introduced = v)))
#define IOS_DEPRECATED(v, d) __attribute__((availability(ios, introduced = v, deprecated = d)))
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define IBOutlet

typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
typedef double CGFloat;
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef struct { CGFloat x, y; } CGPoint;
typedef struct { CGFloat width, height; } CGSize;
typedef struct { CGPoint origin; CGSize size; } CGRect;
typedef struct { CGFloat top, left, bottom, right; } UIEdgeInsets;
typedef struct objc_method *Method;
typedef void (*IMP)(void);
typedef long dispatch_once_t;
void dispatch_once(dispatch_once_t *predicate, void (^block)(void));

// objc/runtime.h
typedef enum { OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1, OBJC_ASSOCIATION_COPY_NONATOMIC = 3 } objc_AssociationPolicy;
void objc_setAssociatedObject(id object, const void *key, id value, objc_AssociationPolicy policy);
id objc_getAssociatedObject(id object, const void *key);
Method class_getInstanceMethod(Class cls, SEL name);
BOOL class_addMethod(Class cls, SEL name, IMP imp, const char *types);
IMP class_replaceMethod(Class cls, SEL name, IMP imp, const char *types);
IMP method_getImplementation(Method m);
const char *method_getTypeEncoding(Method m);
void method_exchangeImplementations(Method m1, Method m2);

// Foundation
@class NSString;
@protocol NSObject
@end
@protocol NSCopying
@end
__attribute__((objc_root_class))
@interface NSObject <NSObject> {
    Class isa;
}
+ (instancetype)alloc;
+ (instancetype)new;
+ (Class)class;
- (instancetype)init;
- (id)copy;
- (BOOL)respondsToSelector:(SEL)selector;
- (void)dealloc;
// UIAccessibility (informal protocol on NSObject)
@property (nonatomic) BOOL isAccessibilityElement;
@property (nonatomic, copy, nullable) NSString *accessibilityHint;
@end
@interface NSString : NSObject <NSCopying>
@property (readonly) NSUInteger length;
- (BOOL)isEqualToString:(NSString *)other;
@end
@interface NSArray<ObjectType> : NSObject
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull[_Nonnull])objects count:(NSUInteger)count;
@property (readonly) NSUInteger count;
@property (nonatomic, readonly, nullable) ObjectType firstObject;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)index;
@end
@interface NSDictionary<KeyType, ObjectType> : NSObject
+ (instancetype)dictionaryWithObjects:(const ObjectType _Nonnull[_Nonnull])objects
                              forKeys:(const KeyType<NSCopying> _Nonnull[_Nonnull])keys
                                count:(NSUInteger)count;
@property (readonly, copy) NSArray<ObjectType> *allValues;
- (nullable ObjectType)objectForKeyedSubscript:(KeyType)key;
@end
@interface NSAttributedString : NSObject
- (instancetype)initWithString:(NSString *)string attributes:(nullable NSDictionary<NSString *, id> *)attributes;
@end
@interface NSURL : NSObject
@property (nullable, readonly, copy) NSURL *URLByDeletingLastPathComponent;
@end
@interface NSNotification : NSObject
@end
typedef NSString *NSNotificationName;
@interface NSOperationQueue : NSObject
+ (NSOperationQueue *)mainQueue;
@end
@interface NSNotificationCenter : NSObject
+ (NSNotificationCenter *)defaultCenter;
- (id<NSObject>)addObserverForName:(nullable NSNotificationName)name object:(nullable id)object
                             queue:(nullable NSOperationQueue *)queue
                        usingBlock:(void (^)(NSNotification *note))block;
- (void)addObserver:(id)observer selector:(SEL)selector name:(nullable NSNotificationName)name object:(nullable id)object;
- (void)removeObserver:(id)observer;
@end
extern NSString *const NSForegroundColorAttributeName;
extern NSString *const NSFontAttributeName;

// UIKit
typedef enum { NSTextAlignmentLeft = 0, NSTextAlignmentCenter = 1, NSTextAlignmentRight = 2 } NSTextAlignment;
typedef enum { UIControlStateNormal = 0, UIControlStateSelected = 4 } UIControlState;
typedef enum { UIImageRenderingModeAutomatic, UIImageRenderingModeAlwaysOriginal } UIImageRenderingMode;
typedef enum { NSLayoutAttributeTop = 3, NSLayoutAttributeLeading = 5, NSLayoutAttributeWidth = 7 } NSLayoutAttribute;
typedef enum { NSLayoutRelationEqual = 0 } NSLayoutRelation;
typedef enum { UIAlertControllerStyleActionSheet = 0, UIAlertControllerStyleAlert } UIAlertControllerStyle;
typedef enum { UIDatePickerStyleAutomatic = 0, UIDatePickerStyleWheels = 1 } UIDatePickerStyle IOS(13.4);

@interface UIColor : NSObject
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
@property (class, nonatomic, readonly) UIColor *whiteColor;
@property (class, nonatomic, readonly) UIColor *grayColor;
@property (class, nonatomic, readonly) UIColor *lightGrayColor;
@property (class, nonatomic, readonly) UIColor *purpleColor;
@property (class, nonatomic, readonly) UIColor *systemRedColor IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemBlueColor IOS(7.0);
@property (class, nonatomic, readonly) UIColor *systemPurpleColor IOS(9.0);
@property (class, nonatomic, readonly) UIColor *labelColor IOS(13.0);
@property (class, nonatomic, readonly) UIColor *placeholderTextColor IOS(13.0);
@end
@interface UIFont : NSObject
+ (UIFont *)systemFontOfSize:(CGFloat)size;
@end
@interface UIImage : NSObject
+ (nullable UIImage *)imageNamed:(NSString *)name;
- (UIImage *)imageWithRenderingMode:(UIImageRenderingMode)mode IOS(7.0);
@end
@class UIWindow;
@interface NSLayoutConstraint : NSObject
+ (instancetype)constraintWithItem:(id)view1 attribute:(NSLayoutAttribute)attr1 relatedBy:(NSLayoutRelation)relation
                            toItem:(nullable id)view2 attribute:(NSLayoutAttribute)attr2
                        multiplier:(CGFloat)multiplier constant:(CGFloat)c IOS(6.0);
@property CGFloat constant;
@end
@interface UIView : NSObject
@property (nonatomic, readonly, nullable) UIWindow *window;
@property (nonatomic, strong, null_resettable) UIColor *tintColor IOS(7.0);
@property (nonatomic, getter=isHidden) BOOL hidden;
@property (nonatomic, getter=isUserInteractionEnabled) BOOL userInteractionEnabled;
@property (nonatomic) BOOL translatesAutoresizingMaskIntoConstraints IOS(6.0);
- (void)insertSubview:(UIView *)view atIndex:(NSInteger)index;
- (void)addConstraints:(NSArray<NSLayoutConstraint *> *)constraints IOS(6.0);
@end
@interface UIStatusBarManager : NSObject
@property (nonatomic, readonly) CGRect statusBarFrame;
@end
IOS(13.0) @interface UIWindowScene : NSObject
@property (nonatomic, readonly, nullable) UIStatusBarManager *statusBarManager;
@end
@interface UIWindow : UIView
@property (nonatomic, weak, nullable) UIWindowScene *windowScene IOS(13.0);
@end
@interface UILabel : UIView
@property (nonatomic, copy, nullable) NSString *text;
@property (nonatomic, strong, null_resettable) UIColor *textColor;
@property (nonatomic, strong, null_resettable) UIFont *font;
@property (nonatomic) NSTextAlignment textAlignment;
@property (nonatomic) NSInteger numberOfLines;
@end
@interface NSTextContainer : NSObject
@property (nonatomic) CGFloat lineFragmentPadding;
@end
@interface UIScrollView : UIView
@end
@interface UITextView : UIScrollView
@property (nonatomic, copy, null_resettable) NSString *text;
@property (nonatomic, copy, null_resettable) NSAttributedString *attributedText;
@property (nonatomic, strong, nullable) UIFont *font;
@property (nonatomic) NSTextAlignment textAlignment;
@property (nonatomic) UIEdgeInsets textContainerInset IOS(7.0);
@property (nonatomic, readonly) NSTextContainer *textContainer IOS(7.0);
@end
extern NSNotificationName const UITextViewTextDidChangeNotification;
@interface UITextField : UIView
@property (nonatomic, copy, nullable) NSAttributedString *attributedPlaceholder IOS(6.0);
@property (nonatomic, strong, nullable) UIColor *textColor;
@end
IOS(13.0) @interface UISearchTextField : UITextField
@end
@interface UISearchBar : UIView
@property (nonatomic, readonly) UISearchTextField *searchTextField IOS(13.0);
- (void)setShowsCancelButton:(BOOL)showsCancelButton animated:(BOOL)animated;
@end
@interface UIBarItem : NSObject
@property (nonatomic, copy, nullable) NSString *title;
- (void)setTitleTextAttributes:(nullable NSDictionary<NSString *, id> *)attributes forState:(UIControlState)state IOS(5.0);
+ (instancetype)appearanceWhenContainedInInstancesOfClasses:(NSArray<Class> *)classes IOS(9.0);
@end
@interface UIBarButtonItem : UIBarItem
@property (nonatomic, strong, nullable) UIColor *tintColor;
@property (nonatomic, getter=isHidden) BOOL hidden IOS(16.0);
@end
@interface UITabBarItem : UIBarItem
@property (nonatomic, strong, nullable) UIImage *selectedImage IOS(7.0);
@end
@interface UIPageControl : UIView
@property (nonatomic, strong, nullable) UIImage *preferredIndicatorImage IOS(14.0);
@property (nonatomic, strong, nullable) UIImage *preferredCurrentPageIndicatorImage IOS(16.0);
@end
@interface UIDatePicker : UIView
@property (nonatomic) UIDatePickerStyle preferredDatePickerStyle IOS(13.4);
@end
IOS(13.0) @interface UIBarAppearance : NSObject
- (void)configureWithTransparentBackground;
@property (nonatomic, copy, nullable) UIColor *shadowColor;
@end
IOS(13.0) @interface UINavigationBarAppearance : UIBarAppearance
@end
IOS(13.0) @interface UITabBarAppearance : UIBarAppearance
@end
@interface UINavigationBar : UIView
@property (nonatomic, copy, nullable) NSDictionary<NSString *, id> *titleTextAttributes IOS(5.0);
@property (nonatomic, copy) UINavigationBarAppearance *standardAppearance IOS(13.0);
@property (nonatomic, copy, nullable) UINavigationBarAppearance *scrollEdgeAppearance IOS(13.0);
@end
@interface UITabBar : UIView
@property (nonatomic, copy) UITabBarAppearance *standardAppearance IOS(13.0);
@property (nonatomic, copy, nullable) UITabBarAppearance *scrollEdgeAppearance IOS(15.0);
@end
@interface UINavigationItem : NSObject
@property (nonatomic, strong, nullable) UIView *titleView;
@property (nonatomic, copy, nullable) NSArray<UIBarButtonItem *> *rightBarButtonItems IOS(5.0);
@end
@class UINavigationController;
@interface UIViewController : NSObject
@property (nonatomic, strong, null_resettable) UIView *view;
@property (nonatomic, readonly, strong) UINavigationItem *navigationItem;
@property (nonatomic, readonly, strong, nullable) UINavigationController *navigationController;
@end
@interface UINavigationController : UIViewController
@property (nonatomic, readonly) UINavigationBar *navigationBar;
@end
IOS(8.0) @interface UIAlertAction : NSObject
@end
IOS(8.0) @interface UIAlertController : UIViewController
+ (instancetype)alertControllerWithTitle:(nullable NSString *)title message:(nullable NSString *)message
                          preferredStyle:(UIAlertControllerStyle)preferredStyle;
@property (nonatomic, strong, nullable) UIAlertAction *preferredAction IOS(9.0);
@end

// CoreTelephony
IOS(4.0) @interface CTTelephonyNetworkInfo : NSObject
@property (nonatomic, readonly, nullable) NSString *currentRadioAccessTechnology IOS_DEPRECATED(7.0, 12.0);
@property (nonatomic, readonly, nullable) NSDictionary<NSString *, NSString *> *serviceCurrentRadioAccessTechnology IOS(12.0);
@end

// WebKit
IOS(8.0) @interface WKWebView : UIView
- (nullable id)loadFileURL:(NSURL *)URL allowingReadAccessToURL:(NSURL *)readAccessURL IOS(9.0);
@end
