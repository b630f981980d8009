// Written for crashscan's scanner recall test (see LoginViewController.m).
#import <UIKit/UIKit.h>

@interface PaddedTextField : UITextField
@end

@implementation PaddedTextField

- (void)awakeFromNib {
    [super awakeFromNib];
    [self setValue:[UIColor colorWithWhite:0.6 alpha:1] forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    [self setValue:[UIFont systemFontOfSize:13] forKeyPath:@"_placeholderLabel.font"]; // expect: UITextField _placeholderLabel
}

@end

@interface FormRow : UIView
@property (nonatomic, strong) UITextField *field;
@property (nonatomic, strong) UILabel *caption;
@end

@implementation FormRow
@end

@interface FormController : UIViewController
@end

@implementation FormController

- (void)buildRows {
    FormRow *userRow = [[FormRow alloc] init];
    [userRow.field setValue:UIColor.grayColor forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    [userRow.caption setValue:@2 forKey:@"numberOfLines"]; // expect: none
}

- (void)style:(id)anyField {
    [anyField setValue:UIColor.redColor forKeyPath:@"_placeholderLabel.textColor"]; // expect: ? _placeholderLabel
}

@end
