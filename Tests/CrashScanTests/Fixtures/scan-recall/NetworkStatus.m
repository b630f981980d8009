// Written for crashscan's scanner recall test (see LoginViewController.m).
#import <UIKit/UIKit.h>

@interface NetworkStatus : NSObject
@end

@implementation NetworkStatus

+ (NSInteger)signalBars {
    UIApplication *app = [UIApplication sharedApplication];
    NSArray *children = [[[app valueForKeyPath:@"statusBar"] valueForKeyPath:@"foregroundView"] subviews]; // expect: UIApplication statusBar; ? foregroundView
    return children.count;
}

+ (NSString *)radioType {
    UIView *foreground = [[UIApplication sharedApplication] valueForKeyPath:@"statusBar.foregroundView"]; // expect: UIApplication statusBar
    id statusBar = [[UIApplication sharedApplication] valueForKey:@"statusBar"]; // expect: UIApplication statusBar
    UIView *items = [statusBar valueForKey:@"foregroundView"]; // expect: ? foregroundView
    return [NSString stringWithFormat:@"%@ %@", foreground, items];
}

+ (UIView *)statusBarWindow {
    return [[UIApplication sharedApplication] valueForKey:@"statusBarWindow"]; // expect: UIApplication statusBarWindow
}

@end
