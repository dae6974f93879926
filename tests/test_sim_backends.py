"""The same seeds give the same games on every backend (serial, worker processes, Ray)."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from sim_support import toy_in_registry
from tabletop import sim
from toy import GAME as TOY


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game next to the installed ones."""
    with toy_in_registry(monkeypatch):
        yield


def test_every_backend_and_worker_count_gives_the_same_games(toy_registered: None) -> None:
    def run(**how: Any) -> sim.SimulationResult:
        return tabletop.simulate(
            "toy", 40, players=3, agents=["random", "greedy", "random"], seed=9, keep_records=True, **how
        )

    serial = run()
    assert len(serial.games) == 40 and serial.records
    for how in ({"backend": "process", "workers": 1}, {"workers": 2}, {"backend": "process", "workers": 3}):
        other = run(**how)
        assert other.games == serial.games, how
        assert other.tally == serial.tally and other.end_reasons == serial.end_reasons


def test_each_worker_process_warms_up_once(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "warm.log"
    warm_up = sim._warm_up

    def logged(job: Any) -> None:  # forked workers run this closure as their initializer
        warm_up(job)
        with log.open("a") as handle:
            handle.write(f"{os.getpid()}\n")

    monkeypatch.setattr(sim, "_warm_up", logged)
    tabletop.simulate("toy", 30, workers=2)
    pids = log.read_text().split()
    assert len(pids) == len(set(pids)) == 2 and str(os.getpid()) not in pids


def test_chunks_cover_the_seeds_in_order_and_balance_the_workers() -> None:
    seeds = list(range(7, 2007))
    chunks = list(sim._chunks(iter(seeds), len(seeds), 2))
    assert [seed for chunk in chunks for seed in chunk] == seeds
    assert max(map(len, chunks)) <= sim._MAX_CHUNK and len(chunks) >= 2 * sim._CHUNKS_PER_WORKER
    assert [len(chunk) for chunk in sim._chunks(range(5), 5, 4)] == [1] * 5


class FakeRef:
    def __init__(self, value: Any, done: bool = True) -> None:
        self.value = value
        self.done = done


class FakeMethod:
    def __init__(self, method: Callable[..., Any], done: bool) -> None:
        self.method = method
        self.done = done

    def remote(self, *args: Any) -> FakeRef:
        return FakeRef(self.method(*args) if self.done else None, self.done)


class FakeActor:
    """An actor that runs its calls at once in this process, or never if it never starts."""

    def __init__(self, instance: Any, starts: bool) -> None:
        self.ready = FakeMethod(instance.ready, starts)
        self.play = FakeMethod(instance.play, starts)


class FakeRay:
    """Enough of Ray's API to check what the backend asks of it; a cluster of ``cpus`` CPUs."""

    def __init__(self, initialized: bool, cpus: int = 3) -> None:
        self.initialized = initialized
        self.cpus = cpus
        self.calls: list[tuple[str, Any]] = []
        self.actors = 0

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs: Any) -> None:
        self.calls.append(("init", kwargs))
        self.initialized = True

    def shutdown(self) -> None:
        self.calls.append(("shutdown", None))
        self.initialized = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus), "memory": 1e9}

    def remote(self, num_cpus: int) -> Callable[[type[Any]], Any]:
        assert num_cpus == 1
        fake = self

        class ActorClass:
            @staticmethod
            def remote(*args: Any) -> FakeActor:
                fake.actors += 1  # an actor beyond the cluster's CPUs waits for one forever
                return FakeActor(sim._RayWorker(*args), starts=fake.actors <= fake.cpus)

        return lambda cls: ActorClass

    def wait(self, refs: list[FakeRef], num_returns: int) -> tuple[list[FakeRef], list[FakeRef]]:
        ready = [ref for ref in refs if ref.done][:num_returns]
        assert ready, "waiting for work that never ends"
        return ready, [ref for ref in refs if ref not in ready]

    def get(self, ref: FakeRef) -> Any:
        assert ref.done
        return ref.value

    def kill(self, actor: FakeActor) -> None:
        self.calls.append(("kill", None))


def test_ray_backend_starts_a_local_cluster_for_the_run_and_shuts_it_down(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeRay(initialized=False)
    monkeypatch.setattr(sim, "_import_ray", lambda: fake)
    result = tabletop.simulate("toy", 25, seed=4, backend="ray", workers=2)
    assert result.games == tabletop.simulate("toy", 25, seed=4).games
    assert fake.calls == [
        (
            "init",
            {
                "address": None,
                "num_cpus": 2,
                "include_dashboard": False,
                "logging_level": logging.WARNING,
                "log_to_driver": False,
            },
        ),
        ("kill", None),
        ("kill", None),
        ("shutdown", None),
    ]


def test_ray_backend_joins_a_cluster_by_address_with_one_actor_per_cpu(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeRay(initialized=False)
    monkeypatch.setattr(sim, "_import_ray", lambda: fake)
    tabletop.simulate("toy", 10, backend="ray", address="ray://head:10001")
    init = fake.calls[0][1]
    assert init["address"] == "ray://head:10001" and init["num_cpus"] is None
    assert fake.actors == 3 and fake.calls[-1] == ("shutdown", None)


def test_ray_backend_gives_work_only_to_actors_that_start(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeRay(initialized=True, cpus=2)
    monkeypatch.setattr(sim, "_import_ray", lambda: fake)
    result = tabletop.simulate("toy", 30, seed=8, backend="ray", workers=3)
    assert result.games == tabletop.simulate("toy", 30, seed=8).games
    assert fake.calls == [("kill", None)] * 3


def test_ray_backend_leaves_a_session_it_did_not_start(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeRay(initialized=True)
    monkeypatch.setattr(sim, "_import_ray", lambda: fake)
    tabletop.simulate("toy", 10, backend="ray", workers=2)
    assert fake.calls == [("kill", None), ("kill", None)] and fake.initialized


def test_backend_arguments_are_checked(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="unknown backend 'dask'; backends: serial, process, ray"):
        tabletop.simulate(TOY, 2, backend="dask")
    with pytest.raises(ValueError, match="the serial backend plays in this process: workers must be 1"):
        tabletop.simulate(TOY, 2, backend="serial", workers=2)
    with pytest.raises(ValueError, match="address names a Ray cluster"):
        tabletop.simulate(TOY, 2, workers=2, address="ray://head:10001")
    monkeypatch.setitem(sys.modules, "ray", None)  # as if tabletop[ray] were not installed
    out = tmp_path / "games.jsonl"
    with pytest.raises(ValueError, match=r"backend 'ray' needs Ray: pip install 'tabletop\[ray\]'"):
        tabletop.simulate("toy", 2, backend="ray", out=out)
    assert not out.exists()


def test_process_backend_defaults_to_a_worker_per_usable_cpu(toy_registered: None) -> None:
    assert sim._usable_cpus() >= 1
    result = tabletop.simulate("toy", 12, seed=1, backend="process")
    assert result.games == tabletop.simulate("toy", 12, seed=1).games


def test_workers_need_a_registered_game() -> None:
    with pytest.raises(ValueError, match="backend 'process' needs a registered game"):
        tabletop.simulate(TOY, 2, backend="process")
    with pytest.raises(ValueError, match="backend 'ray' needs a registered game"):
        tabletop.simulate(TOY, 2, backend="ray")


def test_ray_on_a_local_cluster_matches_serial_and_worker_processes() -> None:
    ray = pytest.importorskip("ray", reason="Ray comes with the ray extra (tabletop[ray])")
    # A registered game (Ray's worker processes load it by name): the fastest one to play.
    how: dict[str, Any] = {"players": 2, "agents": ["random", "greedy"], "seed": 11, "keep_records": True}
    serial = tabletop.simulate("wonders_duel", 12, **how)
    processes = tabletop.simulate("wonders_duel", 12, workers=2, **how)
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
    )
    try:
        on_ray = tabletop.simulate("wonders_duel", 12, backend="ray", workers=2, **how)
        assert ray.is_initialized()  # a session the run did not start is left running
    finally:
        ray.shutdown()
    assert serial.games == processes.games == on_ray.games
    assert len(on_ray.records) == 12
