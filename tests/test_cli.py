"""The pokerhands command."""

import pytest

from games.cli import main


def test_eval_prints_value_category_and_best_five(capsys):
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]) == 0
    out = capsys.readouterr().out
    assert "value:    7462 of 7462" in out
    assert "Straight Flush" in out and "Royal Flush" in out
    assert "best:     As Ks Qs Js Ts" in out


def test_eval_takes_joined_cards(capsys):
    assert main(["eval", "KhKdKs7c7d"]) == 0
    assert "Kings full of Sevens" in capsys.readouterr().out


@pytest.mark.parametrize("cards", [["As", "As", "Ks", "Qs", "Js"], ["As", "Ks"], ["Xx"]])
def test_eval_bad_cards_exit_2_with_a_message(cards, capsys):
    assert main(["eval", *cards]) == 2
    assert "pokerhands: error:" in capsys.readouterr().err


def test_no_command_is_a_usage_error():
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2
