/**
 * How far the heap may grow past what is live after a collection: as much again, where V8's own
 * factor lets it grow to several times the live set on a machine with memory to spare. A full
 * scan of a big library makes hundreds of megabytes of short-lived garbage: with V8's factor the
 * library bench (50,000 games) peaked at 300-610 MB RSS during it and was ready at 210-265 MB;
 * with this one, 290-430 MB and 220-240 MB. Half again kept it lower still, but made a first
 * start a fifth slower: its collections take turns from the scan. V8 reads the setting at each
 * collection, so setting it once the process runs takes effect; it is set before anything else
 * is loaded, by the command line's first import.
 */
import v8 from 'node:v8'

v8.setFlagsFromString('--heap-growing-percent=100')
