#import <UIKit/UIKit.h>
#import <objc/runtime.h>

#define kPlaceholderKey @"_placeholderLabel"
static NSString * const kSearchFieldKey = @"_searchField";

@interface LFPTextView : UITextView
@end

@interface LFPPlaceholderView : UIView
@property (nonatomic, strong) UILabel *placeholderLabel;
@end

@interface LFPFeedbackViewController : UIViewController
@property (nonatomic, strong) IBOutlet UITextView *textView;
@end

@implementation UITextView (Placeholder)
- (void)cs_setPlaceholder:(NSString *)text {
    UILabel *label = [[UILabel alloc] init];
    [self setValue:label forKey:@"_placeholderLabel"];
}
@end

@implementation LFPTextView
- (void)awakeFromNib {
    [super awakeFromNib];
    [self setValue:[UILabel new] forKey:@"_placeholderLabel"];
}
@end

@implementation LFPPlaceholderView
- (void)reset {
    // Its own property: KVC reaches the app's ivar, not UIKit's.
    [self setValue:nil forKey:@"_placeholderLabel"];
}
@end

@implementation LFPFeedbackViewController
- (void)setupSearchBar:(UISearchBar *)searchBar {
    UITextField *field = [searchBar valueForKey:kSearchFieldKey];
    [field setValue:[UIColor redColor]
         /* the placeholder's colour */
         forKeyPath:@"_placeholderLabel.textColor"];
    [self.textView setValue:[UILabel new] forKey:kPlaceholderKey];
    id statusBar = [[UIApplication sharedApplication] valueForKeyPath:@"statusBar.foregroundView"];
    id thing = [self findSomething];
    [thing valueForKey:@"_searchField"];
}

- (void)notFindings:(NSMutableDictionary *)dict model:(NSObject *)model {
    // [self setValue:label forKey:@"_placeholderLabel"];
    /* [searchBar valueForKey:@"_searchField"]; */
    NSLog(@"setting [x setValue:y forKey:@\"_placeholderLabel\"] on %@", self);
#if 0
    [self.textView setValue:nil forKey:@"_placeholderLabel"];
#endif
    [dict setValue:@1 forKey:@"name"];
    objc_setAssociatedObject(self, @"_placeholderLabel", nil, OBJC_ASSOCIATION_RETAIN_NONATOMIC);
    Class background = NSClassFromString(@"_UIBarBackground");
    [model setValue:@2 forKey:@"_internalState"];
    [self.view.layer setValue:@4 forKeyPath:@"cornerRadius"];
    [self.textView setValue:@"x" forKey:[self computedKey]];
}
@end
