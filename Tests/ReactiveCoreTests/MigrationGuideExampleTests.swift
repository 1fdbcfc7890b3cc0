import Testing

/// The Combine code of Docs/Migration.md (MigrationGuideExample.swift), with what the page says it does.
@Suite struct MigrationGuideExampleTests {
  @Test func combineCodeCompilesUnchanged() {
    let thermometer = Thermometer()
    var shown: [String] = []
    thermometer.start { shown.append($0) }
    thermometer.readings.send(20.5)
    thermometer.readings.send(20.5)
    thermometer.readings.send(21)
    #expect(shown == ["20.5 °C", "21.0 °C"])
  }
}
