import FuzzSupport

// The reference provider's page and anchor decoding (see TokenHarness).
_ = harness
FuzzDriver.run { data, count in
    harness.fuzz(FuzzDriver.bytes(data, count))
    return 0
}
