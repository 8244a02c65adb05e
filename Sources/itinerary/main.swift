import CHeap
import ItineraryCLI
import ItineraryModel

// A run builds its documents, writes them and exits: the heap is set up
// for that before anything is allocated in earnest (64 MiB reserved holds
// a year-long trip's HTML run), and what the run is done with is left for
// the exit to free.
_ = cheap_prepare_for_batch_run(64 << 20)
Leftovers.keepsUntilExit = true
ItineraryCommand.main()
