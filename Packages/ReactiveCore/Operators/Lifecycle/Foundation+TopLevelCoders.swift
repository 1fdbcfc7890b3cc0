// FoundationEssentials is used here only for its coders, as in Combine: JSON and
// property lists.
public import FoundationEssentials

extension JSONEncoder: TopLevelEncoder {}

extension JSONDecoder: TopLevelDecoder {}

extension PropertyListEncoder: TopLevelEncoder {}

extension PropertyListDecoder: TopLevelDecoder {}
