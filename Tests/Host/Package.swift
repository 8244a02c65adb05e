// swift-tools-version: 6.1
import PackageDescription

// A program of an app developer's own that embeds ItineraryKit, built against this checkout
// as another package's product is: it renders through the library, then checks that the
// process is as it left it (issue #43). `Scripts/host-check` builds and runs it; `make test` runs that.
let package = Package(
    name: "itinerary-host",
    dependencies: [.package(name: "itinerary", path: "../..")],
    targets: [
        // What the host program itself uses: Cairo, Pango, fontconfig and the dynamic linker.
        .systemLibrary(name: "CHostLibraries", path: "CHostLibraries", pkgConfig: "pangocairo"),
        .executableTarget(
            name: "itinerary-host",
            dependencies: ["CHostLibraries", .product(name: "ItineraryKit", package: "itinerary")]
        ),
    ]
)
