//
//  UITextView+Extension.m
//  LilyForParent
//
//  The category behind the crashes in 02-bugly-console-zh-textview.txt and 15-apple-textview-ios8.1.3.crash:
//  -[UITextView(Extension) was_setPlaceholderWithText:Color:] (UITextView+Extension.m:41).
//

#import "UITextView+Extension.h"

@implementation UITextView (Extension)

- (void)was_setPlaceholderWithText:(NSString *)text Color:(UIColor *)color {
    UILabel *placeHolderLabel = [[UILabel alloc] init];
    placeHolderLabel.text = text;
    placeHolderLabel.numberOfLines = 0;
    placeHolderLabel.textColor = color;
    placeHolderLabel.font = self.font;
    [placeHolderLabel sizeToFit];
    [self addSubview:placeHolderLabel];




















    [self setValue:placeHolderLabel forKey:@"_placeholderLabel"];
}

@end
