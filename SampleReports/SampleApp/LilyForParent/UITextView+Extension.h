#import <UIKit/UIKit.h>

@interface UITextView (Extension)
- (void)was_setPlaceholderWithText:(NSString *)text Color:(UIColor *)color;
@end
