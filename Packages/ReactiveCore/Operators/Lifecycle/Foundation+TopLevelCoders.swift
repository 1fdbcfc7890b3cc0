// Foundation is used here only for its coders, as in Combine: JSON and
// property lists.
public import Foundation

extension JSONEncoder: TopLevelEncoder {}

extension JSONDecoder: TopLevelDecoder {}

extension PropertyListEncoder: TopLevelEncoder {}

extension PropertyListDecoder: TopLevelDecoder {}
