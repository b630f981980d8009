//  UISearchBar+MLTheme.m — Mallory
//  Behind 05-bugly-console-zh-table-header.md and 16-apple-searchbar-ios16.1.ips:
//  -[UISearchBar(MLTheme) ml_applyTheme] on iOS 13 and later.

#import <UIKit/UIKit.h>

@implementation UISearchBar (MLTheme)

- (void)ml_applyTheme {
    UITextField *searchField = [self valueForKey:@"_searchField"];
    searchField.backgroundColor = [UIColor colorWithWhite:0.95 alpha:1];
    searchField.layer.cornerRadius = 10;
}

@end
