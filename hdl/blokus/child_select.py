"""The child a Monte-Carlo selection takes at one node: its children streamed in, one a cycle."""
from myhdl import always_comb, always_seq, block, concat

from golden.blokus.mcts import MAX_CHILDREN
from hdl.blokus.child_summary import SUMMARY_BITS
from hdl.blokus.uct_score import EXPLORE_BITS, LATENCY as SCORE_LATENCY, SCORE_BITS
from hdl.blokus.uct_score import blokus_uct_score
from hdl.signals import flag, unsigned

CHILD_BITS = MAX_CHILDREN.bit_length()   # a node's children: golden's MAX_CHILDREN at most
LATENCY = SCORE_LATENCY + 2
"""Cycles from the last child on the inputs to `done`: the scorer's, the
choice kept, `done` registered."""


@block
def blokus_child_select(clk, rst, start, explore, child_valid, last, summary, done, chosen):
    """golden.blokus.mcts.select at one node: the first child with n8 == 0 if
    there is one, else the first child with the largest selection value.

    Ports:
        clk, rst     in   clock, synchronous reset
        start        in   a node's selection begins (its children follow, from
                          the next cycle on)
        explore      in   EXPLORE_BITS: golden's explore_q16 of the node's
                          descents; holds from `start` to `done`
        child_valid  in   a child enters, in the node's order: its summary
        last         in   with child_valid: it is the node's last child
        summary      in   SUMMARY_BITS: the child's golden child_summary (two
                          words of the tree's SUMMARY array)
        done         out  one cycle, LATENCY cycles after the last child
                          entered: `chosen` holds the choice until the next
                          `start`
        chosen       out  CHILD_BITS: the chosen child's place among the
                          node's children (0 the first)
    How: each child through blokus_uct_score (one a cycle, pauses allowed);
    its place and `last` flag ride beside it; at its value, the first fresh
    child and the best value so far (a strict compare: the first of equals)
    are kept; two cycles after the last child's value, `done`. A new node's
    `start` may come the cycle `done` is high. Every child is read: the
    tree unit's model charges a node's selection by its children
    (golden.blokus.mcts.CHILD_WORK, two words a child below the root).
    """
    for name, port, bits in (("explore", explore, EXPLORE_BITS),
                             ("summary", summary, SUMMARY_BITS), ("chosen", chosen, CHILD_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_child_select: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    scored_valid, scored_fresh, score = flag(), flag(), unsigned(SCORE_BITS)
    scorer = blokus_uct_score(clk, rst, child_valid, summary, explore, scored_valid,
                              scored_fresh, score)
    # the place and `last` of each child entering, ridden beside the scorer's pipeline
    place_in = unsigned(CHILD_BITS)
    tag_pipe = unsigned((CHILD_BITS + 1) * SCORE_LATENCY)
    tag_in, tag_out = unsigned(CHILD_BITS + 1), unsigned(CHILD_BITS + 1)
    place_out, last_out = unsigned(CHILD_BITS), flag()
    best_score, best_place = unsigned(SCORE_BITS), unsigned(CHILD_BITS)
    fresh_seen, fresh_place = flag(), unsigned(CHILD_BITS)
    any_seen, finishing = flag(), flag()

    @always_comb
    def tags():
        tag_in.next = concat(last, place_in)
        tag_out.next = tag_pipe[(CHILD_BITS + 1) * SCORE_LATENCY:(CHILD_BITS + 1) * (SCORE_LATENCY - 1)]

    @always_comb
    def tag_fields():
        place_out.next = tag_out[CHILD_BITS:0]
        last_out.next = tag_out[CHILD_BITS]

    @always_seq(clk.posedge, reset=rst)
    def places():
        tag_pipe.next = concat(tag_pipe[(CHILD_BITS + 1) * (SCORE_LATENCY - 1):0], tag_in)
        if start:
            place_in.next = 0
        elif child_valid:
            place_in.next = place_in + 1

    @always_seq(clk.posedge, reset=rst)
    def keep():
        done.next = finishing
        finishing.next = 0
        if finishing:
            if fresh_seen:
                chosen.next = fresh_place
            else:
                chosen.next = best_place
        if start:
            fresh_seen.next = 0
            any_seen.next = 0
        elif scored_valid:
            if scored_fresh:
                if not fresh_seen:
                    fresh_seen.next = 1
                    fresh_place.next = place_out
            elif not any_seen or score > best_score:
                any_seen.next = 1
                best_score.next = score
                best_place.next = place_out
            finishing.next = last_out

    return scorer, tags, tag_fields, places, keep
