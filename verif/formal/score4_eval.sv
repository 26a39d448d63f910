// The Score-4 evaluation (hdl/score4/checker.py's line terms) against golden's
// evaluate, included at the end of the generated module score4_checker so
// that it sees the 76 line terms. Combinational: one step proves it.
//
// The claim, for every pair of disjoint boards: each line's term
// (score4_line_term<i>_term) equals golden's term for that line: golden's
// line_value of the side that alone holds beads on it, negated for the other
// side, 0 for an empty or a shared line (ref_term_<i>, a table of every
// pattern of the line's four cells, generated from golden by
// verif/formal/reference.py, which also writes the 76 assertions). golden's
// evaluate is the sum of these terms; that the adder tree adds them is not
// claimed here (the solver does not finish the sum of 76 terms): every
// simulated search compares the score with golden at every node.
`include "reference.vh"

always @(*) assume((next_x & next_y) == 0);
always @(*) begin
    cover(score4_line_term0_term == 26);
    cover(score4_line_term75_term < 0);
end
