#import "../CSStubs.h"
