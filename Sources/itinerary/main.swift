import ItineraryCLI

ItineraryCommand.main()
