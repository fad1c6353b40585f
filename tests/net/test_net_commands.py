"""`machiavelli serve` and `machiavelli join` refuse bad options and addresses in one line
(exit 2), say so in one line when the host cannot be reached or listened on (exit 1),
never with a traceback."""

from __future__ import annotations

import pytest

from game import cli


@pytest.mark.parametrize(("argv", "words"), [
    (["serve", "--variant", "nope", "--seats", "net,medium"], "unknown variant 'nope'"),
    (["serve", "--variant", "machiavelli", "--seats", "net,genius"], "seat 2: 'genius'"),
    (["serve", "--variant", "machiavelli", "--seats", "net:genius,easy"], "unknown level"),
    (["serve", "--variant", "machiavelli", "--seats", "easy,hard"], "no net seat"),
    (["serve", "--variant", "machiavelli", "--seats", "net"], "for 2-5 players, not 1"),
    (["serve", "--variant", "machiavelli", "--port", "65536"], "--port"),
    (["serve", "--variant", "machiavelli", "--code", "no way!"], "--code"),
    (["join", "127.0.0.1:47470"], "--code"),
    (["join", "not an address", "--code", "ABC"], "not an address"),
    (["join", "127.0.0.1:0", "--code", "ABC"], "not a port"),
    (["join", "127.0.0.1", "--code", "ABC", "--as", "genius"], "--as"),
    (["join", "127.0.0.1", "--code", "ABC", "--seat", "0"], "--seat"),
])
def test_a_bad_option_is_one_line_and_exit_2(argv: list[str], words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        code = cli.main(argv)
        raise SystemExit(code)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_host_that_cannot_be_reached_is_one_line_and_exit_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["join", "127.0.0.1:1", "--code", "ABC"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("machiavelli join: cannot reach the host at 127.0.0.1:1")
    assert err.count("\n") == 1


def test_an_address_the_host_cannot_listen_on_is_one_line_and_exit_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["serve", "--variant", "machiavelli", "--seats", "net,easy", "--host",
            "192.0.2.1", "--port", "0", "--no-announce"]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("machiavelli serve: cannot listen on 192.0.2.1:0")
    assert err.count("\n") == 1
