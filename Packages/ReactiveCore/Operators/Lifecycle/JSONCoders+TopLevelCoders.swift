// Foundation is used here only for its JSON coders, as in Combine.
public import Foundation

extension JSONEncoder: TopLevelEncoder {}

extension JSONDecoder: TopLevelDecoder {}
