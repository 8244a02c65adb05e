import Foundation
import ItineraryModel
import ItineraryPresentation
import Testing
import TestSupport

/// The catalogues, how a tag finds one, and what the formats make of the trip in each language.
@Suite struct LanguageTests {
    static let catalogues = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ItineraryPresentation/Catalogues")

    // MARK: Catalogues

    @Test func everyFileInTheFolderIsBuiltIn() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogues.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(BundledCatalogues.tags))
        #expect(BundledCatalogues.tags.count >= 16)
        for required in [
            "en", "en-GB", "de", "fr", "es", "it", "pt-BR", "nl", "pl", "ru", "ja", "zh-Hans", "ko", "ar", "he",
        ] {
            #expect(BundledCatalogues.tags.contains(required), "\(required)")
        }
    }

    @Test(arguments: BundledCatalogues.tags)
    func aCatalogueHasEveryKeyTheCodeUsesAndNoOther(_ tag: String) throws {
        let messages = try BundledCatalogues.messages(tag)
        let used = Set(MessageKey.allCases.map(\.rawValue))
        #expect(used.subtracting(messages.keys).sorted() == [], "keys missing from \(tag).json")
        #expect(Set(messages.keys).subtracting(used).sorted() == [], "keys in \(tag).json the code no longer uses")
    }

    @Test(arguments: BundledCatalogues.tags)
    func aCatalogueKeepsEveryPlaceholderAndPluralForm(_ tag: String) throws {
        let english = try BundledCatalogues.messages("en")
        let messages = try BundledCatalogues.messages(tag)
        let categories = PluralRules.categories(in: tag)
        for key in MessageKey.allCases {
            guard let text = messages[key.rawValue], let reference = english[key.rawValue] else { continue }
            let message: MessageFormat
            do {
                message = try MessageFormat(text)
            } catch {
                Issue.record("\(tag).json \(key.rawValue): \(error)")
                continue
            }
            #expect(
                message.argumentNames == (try MessageFormat(reference)).argumentNames,
                "\(tag).json \(key.rawValue): placeholders differ from en.json")
            for (argument, forms) in message.pluralCategories {
                // Every form the language's rules have (CLDR, through ICU), and no other.
                #expect(
                    forms.isSuperset(of: categories),
                    "\(tag).json \(key.rawValue) {\(argument)}: \(categories.subtracting(forms).sorted()) missing")
                #expect(
                    forms.isSubset(of: categories),
                    """
                    \(tag).json \(key.rawValue) {\(argument)}: \(forms.subtracting(categories).sorted()) \
                    are not forms of \(tag)
                    """
                )
            }
        }
    }

    @Test func aBrokenMessageIsRefused() {
        for broken in [
            "Day {day", "Day day}", "{count, plural, one {# day}}", "{count, select, a {x} other {y}}",
            "{count, plural, lots {x} other {y}}", "{}",
        ] {
            #expect(throws: MessageFormatError.self, "\(broken)") { try MessageFormat(broken) }
        }
        #expect(
            (try? MessageFormat("It''s '{'literal'}' {name}"))?.parts == [
                .literal("It's {literal} "), .argument("name"),
            ])
    }

    // MARK: Tags

    @Test func aTagFallsBackAlongItsParents() throws {
        let cases: [(String, String, String)] = [
            ("de-CH", "de-CH", "de"), ("DE-at", "de-AT", "de"), ("zh-CN", "zh-CN", "zh-Hans"),
            ("zh-Hans-SG", "zh-Hans-SG", "zh-Hans"),
            ("pt-PT", "pt-PT", "pt-BR"), ("pt", "pt", "pt-BR"), ("en-AU", "en-AU", "en"), ("en-GB", "en-GB", "en-GB"),
            ("ar-EG", "ar-EG", "ar"),
            ("he-IL", "he-IL", "he"), ("en-XA", "en-XA", "en-XA"),
        ]
        for (asked, tag, catalogue) in cases {
            let language = try #require(Language(resolving: asked), "\(asked)")
            #expect(
                language.tag == tag && language.catalogueTag == catalogue,
                "\(asked) → \(language.tag), \(language.catalogueTag)")
        }
    }

    @Test func aTagWithoutALanguageOrMalformedHasNone() {
        for tag in [
            "sw", "zh-TW", "zh-Hant", "de_DE", "", "d", "german", "de-", "-de", "de--CH", "12", "de-CH-x", "de CH",
            "ü",
        ] {
            #expect(Language(resolving: tag) == nil, "\(tag)")
        }
    }

    @Test func acceptLanguageTakesTheBestCatalogueAndNeverFails() {
        #expect(Language.bestMatch(acceptLanguage: "fr-CH;q=0.8, ja, *;q=0.1")?.tag == "ja")
        #expect(Language.bestMatch(acceptLanguage: "de;q=0.5, fr;q=0.9")?.tag == "fr")
        #expect(Language.bestMatch(acceptLanguage: "sw, de-CH;q=0.7")?.tag == "de-CH")
        #expect(Language.bestMatch(acceptLanguage: "de;q=0, xx") == nil)
        for junk in ["", ";;;", "*", "q=1", "de;q=abc", String(repeating: "x-", count: 500), "ü;q=0.5"] {
            _ = Language.bestMatch(acceptLanguage: junk)
        }
    }

    // MARK: Formats

    func formats(_ tag: String) throws -> Formats { Formats(try #require(Language(resolving: tag))) }

    @Test func datesTimesAndNumbersAreTheLanguagesOwn() throws {
        let date = try #require(CivilDate(iso: "2026-03-06"))
        #expect(try formats("de").longDate(date) == "Freitag, 6. März")
        #expect(try formats("en-US").longDate(date) == "Friday, March 6")
        #expect(try formats("fr").longDate(date) == "vendredi 6 mars")
        #expect(try formats("ja").dateRange(date, date.adding(days: 4)).hasPrefix("2026年3月6日(金)"))
        let evening = try #require(LocalTime(iso: "19:30"))
        #expect(try formats("de").time(evening) == "19:30")
        #expect(try formats("en-US").time(evening) == "7:30\u{202F}PM")
        #expect(try formats("de").number(1204) == "1.204")
        #expect(try formats("en-US").number(1204) == "1,204")
        #expect(try formats("ar-EG").number(1204) == "١٬٢٠٤")
        #expect(try formats("de").number(0.42) == "0,4")
    }

    @Test func pluralsFollowTheLanguagesRules() throws {
        let ru = try #require(Language(resolving: "ru"))
        #expect(
            [1, 2, 5, 21, 22, 25, 111].map { ru.text(.tripDays, ["count": .number($0)]) }
                == ["1 день", "2 дня", "5 дней", "21 день", "22 дня", "25 дней", "111 дней"])
        let pl = try #require(Language(resolving: "pl"))
        #expect(
            [1, 2, 5, 22].map { pl.text(.tripDays, ["count": .number($0)]) }
                == ["1 dzień", "2 dni", "5 dni", "22 dni"])
        let ar = try #require(Language(resolving: "ar"))
        #expect(
            Set([0, 1, 2, 3, 11, 100].map { ar.text(.tripDays, ["count": .number($0)]) }).count == 6,
            "Arabic has six forms")
    }

    @Test func unitsFollowTheLanguageUnlessTheTripSetsThem() throws {
        #expect(try #require(Language(resolving: "en-US")).defaultUnits == .imperial)
        #expect(try #require(Language(resolving: "en-GB")).defaultUnits == .imperial)
        #expect(try #require(Language(resolving: "de")).defaultUnits == .metric)
        #expect(try #require(Language(resolving: "ja")).defaultUnits == .metric)
        var trip = TripJSON(name: "Units", days: 1)
        trip.travel(day: 1, from: "A", to: "B", miles: 100, minutes: 60)
        let itinerary = try Fixtures.read(trip.json)
        #expect(PresentedTrip(itinerary, language: try #require(Language(resolving: "de"))).summary.hasSuffix("161 km"))
        #expect(PresentedTrip(itinerary).summary.hasSuffix("100 mi"))
    }

    @Test func theDirectionIsTheLanguages() throws {
        for tag in ["ar", "ar-EG", "he"] { #expect(try #require(Language(resolving: tag)).isRightToLeft, "\(tag)") }
        for tag in ["en", "de", "ja", "zh-Hans", "ru"] {
            #expect(try !#require(Language(resolving: tag)).isRightToLeft, "\(tag)")
        }
    }

    @Test func thePseudoLocaleIsLongerAccentedAndBracketed() throws {
        let pseudo = try #require(Language(resolving: "en-XA"))
        let english = Language.english
        for key in MessageKey.allCases where key != .separator {
            let arguments: [String: MessageValue] = [
                "day": .number(3), "count": .number(5), "page": .number(1), "days": .number(5),
                "date": "D", "header": "H", "trip": "T", "dates": "R", "stops": "S", "distance": "9",
                "code": "C", "away": "A", "home": "B",
            ]
            let text = pseudo.text(key, arguments), plain = english.text(key, arguments)
            #expect(text.hasPrefix("[") && text.hasSuffix("]"), "\(key): \(text)")
            #expect(Double(text.count) >= Double(plain.count) * 1.3, "\(key): \(text)")
            #expect(
                !text.unicodeScalars.contains { ("a"..."z").contains($0) && !"#".unicodeScalars.contains($0) },
                "\(key): \(text) keeps English letters")
        }
    }
}
