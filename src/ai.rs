//! Computer players over `games`: random, heuristic, expectiminimax, tuned weights.
