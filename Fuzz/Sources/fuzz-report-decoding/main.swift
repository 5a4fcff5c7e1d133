import FuzzSupport

// Decoding an ItemSnapshot, a list of them and a conformance report from any bytes (see
// ReportDecoding).
SeedWriter.write(ReportSeeds.all, prefix: "report")
FuzzDriver.run { data, count in
    ReportDecoding.fuzz(FuzzDriver.bytes(data, count))
    return 0
}
