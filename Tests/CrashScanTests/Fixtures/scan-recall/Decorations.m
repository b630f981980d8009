// Written for crashscan's scanner recall test (see LoginViewController.m).
#import <UIKit/UIKit.h>

@interface Decorations : NSObject
@end

@implementation Decorations

+ (void)decoratePager:(UIPageControl *)pager {
    [pager setValue:[UIImage imageNamed:@"dot"] forKeyPath:@"_pageImage"]; // expect: UIPageControl _pageImage
    [pager setValue:[UIImage imageNamed:@"dot-on"] forKey:@"currentPageImage"]; // expect: UIPageControl currentPageImage
}

+ (UIAlertController *)alertWithColor:(UIColor *)color {
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:@"Hi" message:nil
                                                            preferredStyle:UIAlertControllerStyleAlert];
    UIAlertAction *ok = [UIAlertAction actionWithTitle:@"OK" style:UIAlertActionStyleDefault handler:nil];
    [ok setValue:color forKey:@"titleTextColor"]; // expect: UIAlertAction titleTextColor
    [alert setValue:[[NSAttributedString alloc] initWithString:@"Hi"] forKey:@"attributedTitle"]; // expect: UIAlertController attributedTitle
    [alert addAction:ok];
    return alert;
}

+ (void)tintPicker:(UIDatePicker *)picker {
    [picker setValue:[UIColor whiteColor] forKey:@"textColor"]; // expect: UIDatePicker textColor
    [picker setValue:@NO forKey:@"highlightsToday"]; // expect: UIDatePicker highlightsToday
}

+ (void)placeholder:(UITextView *)textView label:(UILabel *)label {
    [textView addSubview:label];
    [textView setValue:label forKey:@"_placeholderLabel"]; // expect: UITextView _placeholderLabel
}

+ (void)castView:(UIView *)view {
    [(UITextField *)view setValue:UIColor.grayColor forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
}

@end
