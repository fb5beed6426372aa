"""The veto's training (evals/referee_veto.py): its logistic fit and the cut-off it keeps."""

import numpy as np

from evals.referee_veto import choose_cut_off, fit, fold_of, out_of_fold, probability


def test_the_cut_off_vetoes_where_non_mentions_outnumber_mentions_most() -> None:
    p = np.asarray([0.1, 0.2, 0.3, 0.4, 0.45, 0.8, 0.9, 0.95])
    y = np.asarray([0, 0, 1, 0, 0, 1, 1, 1])
    # below 0.8: four wrong finds and one right one; below 0.3 only two wrong ones
    assert choose_cut_off(p, y) == (0.8, 4, 1)
    assert choose_cut_off(np.asarray([0.2, 0.6]), np.asarray([1, 1])) == (0.0, 0, 0)


def test_the_fit_learns_a_separating_direction_and_its_folds_never_see_their_own_rows() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(400, 8))
    y = (x[:, 2] - 0.5 * x[:, 5] > 0).astype(np.float64)
    w = fit(x, y, l2=0.1)
    assert ((probability(w, x) >= 0.5) == (y == 1)).mean() > 0.97
    keys = [f"card {i % 40}" for i in range(len(y))]
    held_out = out_of_fold(x, y, keys, l2=0.1)
    assert ((held_out >= 0.5) == (y == 1)).mean() > 0.9
    # a fold's probabilities come from a model that never saw its rows: flipping every label
    # of one fold leaves them as they were, and changes the others'
    fold = np.asarray([fold_of(k) for k in keys]) == fold_of("card 0")
    flipped = np.where(fold, 1 - y, y)
    again = out_of_fold(x, flipped, keys, l2=0.1)
    assert np.allclose(again[fold], held_out[fold])
    assert not np.allclose(again[~fold], held_out[~fold])
