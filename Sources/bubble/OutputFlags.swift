import ArgumentParser

/// `-o FILE`: where a command writes its result (standard output by default).
struct OutputFlags: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the result to this file instead of standard output.", valueName: "file"),
            completion: .file())
    var output: String?

    /// The destination, opened only now (a failed command leaves an existing file alone).
    func open() -> Output { Output.open(output) }
}

/// `--pretty`: JSON indented for people; the default is one compact line.
struct PrettyFlag: ParsableArguments {
    @Flag(help: "Indent the JSON for people (default: one compact line).") var pretty = false

    func apply(_ json: String) -> String { pretty ? PrettyJSON.format(json) : json }
}
