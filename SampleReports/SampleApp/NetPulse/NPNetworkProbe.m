//  NPNetworkProbe.m — NetPulse
//  Behind 07-bugly-api-array.json: +[NPNetworkProbe currentRadioType] on iOS 12 and 13.

#import <UIKit/UIKit.h>

@interface NPNetworkProbe : NSObject
+ (NSString *)currentRadioType;
@end

@implementation NPNetworkProbe

+ (NSString *)currentRadioType {
    UIView *foregroundView = [[UIApplication sharedApplication] valueForKeyPath:@"statusBar.foregroundView"];
    for (UIView *child in foregroundView.subviews) {
        if ([child isKindOfClass:NSClassFromString(@"UIStatusBarDataNetworkItemView")]) {
            return [[child valueForKey:@"dataNetworkType"] stringValue];
        }
    }
    return @"unknown";
}

@end
