// Written for crashscan's scanner recall test: the shapes of KVC on private UIKit state that
// public iOS code uses (see ../SOURCES.md). Each KVC call ends with `expect: CLASS KEY` (a
// finding of the rule for CLASS and KEY; `?` for a class the code leaves unknown) or
// `expect: none` (no finding).
#import <UIKit/UIKit.h>

@interface LoginViewController : UIViewController
@property (nonatomic, strong) IBOutlet UITextField *phoneField;
@property (nonatomic, strong) IBOutlet UITextField *passwordField;
@property (nonatomic, strong) UISearchBar *customSearchBar;
@property (nonatomic, copy) NSArray<UITextField *> *fields;
@end

@implementation LoginViewController {
    UITextField *_codeField;
}

- (void)styleFields {
    [_phoneField setValue:[UIColor whiteColor] forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    [self.passwordField setValue:[UIFont systemFontOfSize:13]
                      forKeyPath:@"_placeholderLabel.font"]; // expect: UITextField _placeholderLabel
    [_codeField setValue:UIColor.grayColor forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    for (UITextField *item in self.fields) {
        [item setValue:[UIColor lightGrayColor] forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    }
}

- (void)styleSearch {
    UITextField *searchField = [self.customSearchBar valueForKey:@"_searchField"]; // expect: UISearchBar _searchField
    [searchField setValue:UIColor.darkGrayColor forKeyPath:@"_placeholderLabel.textColor"]; // expect: UITextField _placeholderLabel
    [self.customSearchBar setValue:@"Cancel" forKey:@"_cancelButtonText"]; // expect: UISearchBar _cancelButtonText
    UIButton *cancel = [self.customSearchBar valueForKey:@"cancelButton"]; // expect: UISearchBar cancelButton
    cancel.enabled = YES;
}

- (void)rememberState {
    NSMutableDictionary *state = [NSMutableDictionary dictionary];
    [state setValue:self.phoneField.text forKey:@"phone"]; // expect: none
    [self setValue:@"Login" forKey:@"title"]; // expect: none
}

@end
