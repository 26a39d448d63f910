"""The Score-4 opening book: a ROM of golden.score4.book.entries(), scanned
while the search clears its table."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.score4 import book as golden_book
from golden.score4.encoding import NUM_CELLS
from golden.score4.search import HASH_BITS
from hdl.params import ConfigError
from hdl.rom import registered_rom
from hdl.score4.table import ENTRIES

SCAN_START = NUM_CELLS
"""The first CLEAR cycle (clr_addr) whose root hash is final: score4_position
sums it over the 64 cells from clr_addr 0 to 63."""
SCAN_LATENCY = 2
"""From a ROM address to the hit it may set: the registered read, the compare."""


def book_words(entries=None):
    """The ROM's words: hash << 4 | move, one per golden book entry, by hash."""
    entries = golden_book.entries() if entries is None else entries
    return tuple((h << 4) | move for h, move, _, _ in entries)


def check_book(words):
    """Raise ConfigError unless the scan of `words` ends inside CLEAR."""
    if not words:
        raise ConfigError("the Score-4 opening book (golden/score4/book.json) is empty: write "
                          "it with `python -m bench.score4.book`")
    last = SCAN_START + len(words) - 1 + SCAN_LATENCY
    if last >= ENTRIES - 1:
        raise ConfigError(
            "the Score-4 opening book has %d positions (all symmetric images), but the scan "
            "must end inside CLEAR: at most %d (the table's %d entries less the %d cycles of "
            "the root's hash and %d of latency); write a book of fewer plies with "
            "`python -m bench.score4.book --plies N`"
            % (len(words), ENTRIES - 1 - SCAN_START - SCAN_LATENCY, ENTRIES, SCAN_START,
               SCAN_LATENCY))


@block
def score4_book(clk, rst, launch, clearing, clr_addr, root_hash, empties, hit, hit_move,
                words=None):
    """Whether the root is a book position, and its book move.

    Ports:
        clk, rst   in   clock, synchronous reset (active high)
        launch     in   a new search starts at this edge: hit cleared
        clearing   in   the search's CLEAR (score4_search): clr_addr counts
                        0, 1, ... ENTRIES - 1, one a cycle
        clr_addr   in   the CLEAR counter
        root_hash  in   HASH_BITS bits: position_hash of the root, final from
                        clr_addr == SCAN_START (score4_position's node_hash)
        empties    in   0..64: the root's empty cells (score4_prescan's, final
                        before CLEAR)
        hit        out  registered: the root has at most golden_book.PLIES
                        beads and its hash is a book entry's; final from
                        clr_addr == SCAN_START + len(words) + SCAN_LATENCY - 1,
                        before CLEAR ends (check_book)
        hit_move   out  4 bits, registered: that entry's post (with hit)
    Settings:
        words      the ROM (book_words(); default: golden's book)

    The scan reads ROM word clr_addr - SCAN_START in the CLEAR cycles
    SCAN_START .. SCAN_START + len(words) - 1 and compares it with root_hash
    a cycle later, so a book answer costs no cycle the search's bound does
    not already hold (CLEAR clears ENTRIES table entries whatever happens).
    Golden's lookup is by position; by hash it is the same for positions of
    at most PLIES beads (golden/tests/test_score4_book.py proves it), hence
    the `few` gate on empties.
    """
    words = book_words() if words is None else tuple(words)
    check_book(words)
    n = len(words)
    index = Signal(intbv(0, min=0, max=n))
    word = Signal(intbv(0)[HASH_BITS + 4:])
    in_scan = Signal(bool(0))                  # this cycle reads a ROM word
    word_valid = Signal(bool(0))               # `word` is one (a cycle later)
    few = Signal(bool(0))                      # the root has at most PLIES beads
    rom = registered_rom(clk, index, words, word)

    # clr_addr - SCAN_START at clr_addr's width, then cut to the ROM's
    # address (an 11-bit target of a 12-bit difference fails Verilator's lint)
    offset = Signal(intbv(0)[len(clr_addr):])

    @always_comb
    def difference():
        if clr_addr >= SCAN_START:
            offset.next = clr_addr - SCAN_START
        else:
            offset.next = 0

    @always_comb
    def address():
        in_scan.next = clearing and clr_addr >= SCAN_START and clr_addr < SCAN_START + n
        if clr_addr >= SCAN_START and clr_addr < SCAN_START + n:
            index.next = offset[len(index):]
        else:
            index.next = 0

    @always_seq(clk.posedge, reset=rst)
    def compare():
        word_valid.next = in_scan
        few.next = empties >= NUM_CELLS - golden_book.PLIES
        if launch:
            hit.next = 0
            hit_move.next = 0
        elif word_valid and few and word[HASH_BITS + 4:4] == root_hash:
            hit.next = 1
            hit_move.next = word[4:]

    return rom, difference, address, compare
