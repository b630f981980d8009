// swift-format-ignore-file
//  TKSearchHeaderView.swift — Tickety
//  Behind 04-bugly-console-en-markdown-table.md: -[TKSearchHeaderView setupSearchField] on iOS 13.3.

import UIKit

final class TKSearchHeaderView: UIView {
    private let searchField = UITextField()

    func setupSearchField() {
        searchField.placeholder = "Search tickets"
        searchField.setValue(UIColor.lightGray, forKeyPath: "_placeholderLabel.textColor")
        addSubview(searchField)
    }
}
