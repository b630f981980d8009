/// Undoes Bugly's Mach-O spelling of C symbols (one extra leading underscore) so that stored
/// symbols read as in Apple's reports. Objective-C methods (`-[`, `+[`) are never touched.
///
/// Bugly is not consistent even within one stack (bugly-format.md section 9): a single
/// underscore cannot be stripped blindly (`_dispatch_main_queue_callback_4CF` is already
/// Apple's name). So one underscore is removed only when the result is a known Apple name, or
/// when the symbol has three or more (Apple's own names have at most two), or when it is a
/// block built on a method (`___48-[…]_block_invoke`, Apple: `__48-[…]`).
enum SymbolNormalizer {
    /// Apple spellings of the system symbols that reach Bugly stacks most often.
    static let appleNames: Set<String> = [
        "objc_exception_throw", "objc_exception_rethrow", "objc_msgSend", "objc_release", "objc_retain",
        "objc_autoreleasePoolPop", "objc_autoreleasePoolPush", "objc_enumerationMutation", "objc_terminate",
        "_objc_terminate", "objc_storeStrong", "objc_retainAutoreleasedReturnValue", "objc_loadWeakRetained",
        "_dispatch_client_callout", "_dispatch_call_block_and_release", "_dispatch_main_queue_callback_4CF",
        "_dispatch_main_queue_drain", "_dispatch_queue_serial_drain", "_dispatch_queue_invoke",
        "_dispatch_root_queue_drain", "_dispatch_worker_thread3", "_dispatch_worker_thread2",
        "_dispatch_lane_serial_drain", "_dispatch_lane_invoke", "_dispatch_workloop_worker_thread",
        "_dispatch_once_callout", "_dispatch_async_and_wait_invoke", "dispatch_once_f",
        "start_wqthread", "_pthread_wqthread", "_pthread_start", "thread_start", "pthread_kill",
        "__pthread_kill", "abort", "start", "main", "UIApplicationMain", "GSEventRunModal",
        "CFRunLoopRunSpecific", "CFRunLoopRunInMode", "__CFRunLoopRun", "__CFRunLoopDoSources0",
        "__CFRunLoopDoSource0", "__CFRunLoopDoSource1", "__CFRunLoopDoObservers", "__CFRunLoopDoBlocks",
        "__CFRunLoopDoTimers", "__CFRunLoopDoTimer", "__CFRunLoopServiceMachPort",
        "__exceptionPreprocess", "__cxa_throw", "__cxa_rethrow", "__cxa_begin_catch",
        "_NSSetUsingKeyValueSetter", "_NSGetUsingKeyValueGetter", "_NSSetObjectValueAndNotify",
        "UIKVCAccessProhibited", "_UIKVCAccessProhibited", "__NSFastEnumerationMutationHandler",
        "_CFXNotificationPost", "_CFXRegistrationPost", "__NSOQSchedule_f", "__NSThread__start__",
        "mach_msg_trap", "mach_msg", "mach_msg2_trap", "__semwait_signal", "__psynch_cvwait",
        "semaphore_wait_trap", "_sigtramp", "__abort", "__stack_chk_fail",
        "UIKVCAccessProhibited_block_invoke",
    ]

    /// How many leading bytes `normalize` drops from `raw` (0 or 1), read on its bytes.
    static func leadingBytesToDrop(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        guard raw.first == 95 else { return 0 }  // "_"
        var underscores = 0
        while underscores < raw.count, raw[underscores] == 95 { underscores += 1 }
        if underscores >= 3 { return 1 }
        if underscores < raw.count, raw[underscores] >= 48, raw[underscores] <= 57 { return 0 }
        let stripped = String(decoding: UnsafeBufferPointer(rebasing: raw[1...]), as: UTF8.self)
        return appleNames.contains(stripped) ? 1 : 0
    }
}
