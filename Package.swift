// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// How the executables are linked on Linux: with lld, relocations packed (DT_RELR) and no symbol
/// table for other modules. The 5,000-item book's peak memory falls from 106 to 101 MB: the
/// dynamic loader no longer reads 3 MB of relocations nor 3.5 MB of exported names
/// (docs/performance.md, issue #43).
let leanExecutable: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux])
    )
]

let package = Package(
    name: "itinerary",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "itinerary", targets: ["itinerary"]),
        .executable(name: "itinerary-bench", targets: ["itinerary-bench"]),
        .library(name: "ItineraryKit", targets: ["ItineraryKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The render service. Hummingbird without its swift-configuration trait: settings come from flags and
        // the environment.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation --target ItineraryKit`: the library's DocC catalogue.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // SHA-1 for the name-based UUIDs a merge gives items that shared an id.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The calendar feed fetches trips from the app's own server (no redirects followed, a deadline on each).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Jobs kept in PostgreSQL when the service is scaled out (issue #44).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Apple Wallet passes are zip files (issue #53).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // itinerary/v1 JSON → decoded model → ordered days. The one place order is decided.
        .target(
            name: "ItineraryModel",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            resources: [.embedInCode("Resources/spring-swing.json")]
        ),
        // The rules of the design: games fixed, travel between its barrier games.
        .target(name: "ItineraryConstraints", dependencies: ["ItineraryModel"]),
        // Rewriting an itinerary: move, add, remove, merge a changed game schedule.
        .target(
            name: "ItineraryEditing",
            dependencies: ["ItineraryModel", "ItineraryConstraints"]
        ),
        // Present: the one value every renderer reads (display strings, route, map data), options that change
        // content applied once.
        // CLDR plural rules from Debian's ICU (libicu-dev), for the catalogues' plural messages.
        .target(name: "CPluralRules", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // QR codes for a calendar feed's URL, from Debian's libqrencode.
        .systemLibrary(
            name: "CQRencode", path: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(
            name: "ItineraryPresentation",
            dependencies: ["ItineraryModel", "CPluralRules", "CQRencode"],
            // One ICU MessageFormat catalogue per language; BundledCatalogues lists them.
            resources: [.embedInCode("Catalogues")]
        ),
        // Layout, pure: the presented trip, page settings, a text measurer and the map data passed in become
        // pages of boxes.
        .target(name: "ItineraryLayout", dependencies: ["ItineraryModel", "ItineraryPresentation"]),
        // Cairo + Pango: the only target that calls C.
        .systemLibrary(
            name: "CCairo",
            path: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // What Cairo 1.16 cannot write for PDF/UA-1 and PDF/A (/Lang, XMP, /Alt, artifacts, …), added by a
        // finisher made for Cairo 1.16's own files (docs/performance.md says why): C++, libdeflate to compress,
        // zlib to inflate; OpenSSL's libcrypto for the primitives of AES-256 encryption (issue #45).
        .target(
            name: "CPDFFinish",
            linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("crypto")]),
        // Signing (issue #51): the identity, a detached CMS signature as PAdES wants it, an RFC 3161 time stamp fetched
        // with OpenSSL's own HTTP client, and the check of a signature; every OpenSSL call of it, in C (libcrypto;
        // libssl for an https:// time-stamp authority).
        .target(name: "CSigning", linkerSettings: [.linkedLibrary("crypto"), .linkedLibrary("ssl")]),
        // The signing identity and signatures, for the PDFs (ItineraryPDF) and anything else the library signs.
        .target(name: "ItinerarySigning", dependencies: ["CSigning"]),
        // Cairo 1.16 writes a PDF's numbers with snprintf; glibc's costs 12 % of a book. The program's own
        // __snprintf_chk writes the formats Cairo uses for numbers, exactly as glibc does (docs/performance.md).
        // It replaces libc's for the whole process, so only the project's own executables link it, on glibc alone:
        // a program that embeds ItineraryKit keeps its libc.
        .target(name: "CPDFNumbers", linkerSettings: [.linkedLibrary("dl")]),
        // Reads back the trip a PDF carries, with Debian's libqpdf (libqpdf-dev), which reads any PDF.
        .target(name: "CPDFRead", linkerSettings: [.linkedLibrary("qpdf")]),
        // Paints laid-out pages as PDF and PNG.
        .target(
            name: "ItineraryPDF",
            dependencies: [
                "ItineraryModel", "ItineraryLayout", "CCairo", "CPDFFinish", "CPDFRead", "ItinerarySigning",
            ]),
        // HTML and Markdown from the Mustache templates in Templates/.
        // Templates/ is the one copy of the default templates; the symlink
        // Sources/ItineraryWeb/Templates → ../../Templates embeds it in the binary.
        .target(
            name: "ItineraryWeb",
            dependencies: [
                "ItineraryPresentation", "ItineraryLayout", .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Templates/README.md"],
            resources: [.embedInCode("Templates/html"), .embedInCode("Templates/markdown")]
        ),
        // Calendar (iCalendar) and GPS (GPX) files of the trip.
        .target(name: "ItineraryExport", dependencies: ["ItineraryModel", "ItineraryPresentation"]),
        // Apple Wallet event tickets, one a game: the presented trip as pass.json, the pictures drawn by ItineraryPDF's
        // Cairo, the manifest, the signature and the zip (issue #53).
        .target(
            name: "ItineraryPass",
            dependencies: [
                "ItineraryModel", "ItineraryPresentation", "ItineraryLayout", "ItineraryPDF",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // glibc's posix_spawn_file_actions_addclosefrom_np, for the render pool's workers (Swift's Glibc hides it).
        .target(name: "CSpawn"),
        // The public library, and the only module with public declarations: read and check, the options
        // and their parser, render, edit and merge, snapshot tests. What a Swift server imports.
        .target(
            name: "ItineraryKit",
            dependencies: [
                "ItineraryModel", "ItineraryConstraints", "ItineraryPresentation", "ItineraryEditing",
                "ItineraryLayout", "ItineraryPDF", "ItineraryWeb", "ItineraryExport", "ItinerarySnapshot",
                "ItinerarySigning", "ItineraryPass", "CSpawn",
            ],
            resources: [
                .embedInCode("Resources/itinerary-v1.schema.json"), .embedInCode("Resources/theme-v1.schema.json"),
            ]
        ),
        // `itinerary serve`: the library over HTTP (Hummingbird), with metrics, logs and a graceful drain.
        .target(
            name: "ItineraryService",
            dependencies: [
                "ItineraryKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml")]
        ),
        // Snapshot tests: references recorded and checked (the files, the manifest, __Failures__), pages compared with
        // pixelmatch and texts with a line diff; ItineraryKit's SnapshotTrip renders what is compared.
        .target(name: "ItinerarySnapshot", dependencies: ["ItineraryPresentation", "ItineraryPDF"]),
        // The commands, as a library so tests can run them in-process. Like the service, it imports ItineraryKit alone.
        .target(
            name: "ItineraryCLI",
            dependencies: [
                "ItineraryKit", "ItineraryService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the executables set for their whole process in main (mallopt), in a module the library does not link.
        .target(name: "CProcess"),
        .target(name: "ItineraryProcess", dependencies: ["ItineraryPDF", "CCairo", "CProcess"]),
        .executableTarget(
            name: "itinerary",
            dependencies: [
                "ItineraryProcess",
                "ItineraryCLI", "ItineraryKit", .target(name: "CPDFNumbers", condition: .when(platforms: [.linux])),
            ],
            linkerSettings: leanExecutable
        ),
        // Seeded trips of any size, for the benchmark and property tests.
        .target(name: "TripGenerator", dependencies: ["ItineraryModel"]),
        .executableTarget(
            name: "itinerary-bench",
            dependencies: [
                "TripGenerator", "ItineraryModel", "ItineraryPresentation", "ItineraryPDF", "ItineraryKit",
                "ItineraryProcess",
                .target(name: "CPDFNumbers", condition: .when(platforms: [.linux])),
            ]),

        // Every kind of document rendered at once, each compared with itself rendered alone (issue #37):
        // `make test` runs it after the suite and `make stress-asan` builds it with AddressSanitizer.
        .executableTarget(
            name: "itinerary-stress",
            dependencies: ["ItineraryKit", "ItineraryModel", "ItineraryPDF", "TripGenerator"]),

        .target(
            name: "TestSupport", dependencies: ["ItineraryModel", "ItineraryPresentation"], path: "Tests/TestSupport"),
        .testTarget(name: "ItineraryModelTests", dependencies: ["ItineraryModel", "TestSupport"]),
        .testTarget(
            name: "ItineraryConstraintsTests", dependencies: ["ItineraryConstraints", "TestSupport", "TripGenerator"]),
        .testTarget(
            name: "ItineraryEditingTests",
            dependencies: [
                "ItineraryEditing", "TestSupport", "TripGenerator",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "ItineraryPresentationTests", dependencies: ["ItineraryPresentation", "TestSupport"]),
        .testTarget(
            name: "ItineraryPassTests",
            dependencies: [
                "ItineraryPass", "ItineraryKit", "TestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Scripts"]),
        .testTarget(
            name: "ItineraryLayoutTests", dependencies: ["ItineraryLayout", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(
            name: "ItineraryPDFTests",
            dependencies: ["ItineraryPDF", "CPDFNumbers", "ItinerarySnapshot", "TestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "ItinerarySnapshotTests",
            dependencies: ["ItinerarySnapshot", "ItineraryKit", "ItineraryPDF", "TestSupport"]),
        .testTarget(
            name: "ItineraryWebTests",
            dependencies: ["ItineraryWeb", "TestSupport", "TripGenerator"],
            exclude: ["__Snapshots__", "Scripts"]
        ),
        .testTarget(
            name: "ItineraryExportTests",
            dependencies: ["ItineraryExport", "ItineraryKit", "ItineraryPresentation", "TestSupport"],
            exclude: ["Scripts"]),
        .testTarget(
            name: "ItineraryServiceTests",
            dependencies: [
                "ItineraryService", "ItineraryKit", "TestSupport", "TripGenerator",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Scripts"]
        ),
        // The library through its public face alone, as its users import it.
        .testTarget(
            name: "ItineraryKitTests",
            dependencies: [
                "ItineraryKit", "ItineraryPDF", "ItineraryLayout", "ItineraryPresentation", "TestSupport",
                "TripGenerator",
            ]),
        .testTarget(
            name: "ItineraryCLITests", dependencies: ["ItineraryCLI", "ItineraryKit", "TestSupport", "TripGenerator"],
            exclude: ["Scripts"]),
    ],
    cxxLanguageStandard: .cxx17
)

// `make fuzz` (ITINERARY_FUZZ=1): the libFuzzer target over the reader and
// checker. Only then, since it links only with `-sanitize=fuzzer`.
if ProcessInfo.processInfo.environment["ITINERARY_FUZZ"] != nil {
    package.targets += [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "itinerary-fuzz", dependencies: ["CLibFuzzer", "ItineraryModel", "ItineraryConstraints"]),
    ]
    package.products.append(.executable(name: "itinerary-fuzz", targets: ["itinerary-fuzz"]))
}
