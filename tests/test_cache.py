"""The size-bounded LRU cache behind the opened games and rendered sheets."""

from __future__ import annotations

from scorekeeper.cache import SizedCache


def test_it_keeps_values_up_to_its_budget_dropping_the_least_used():
    cache: SizedCache[str] = SizedCache(10, len)
    cache.put("a", "aaaa")
    cache.put("b", "bbbb")
    assert cache.get("a") == "aaaa"  # a is now the most recent
    cache.put("c", "cccc")  # 12 > 10: b, the least recently used, goes
    assert cache.get("b") is None
    assert (cache.get("a"), cache.get("c")) == ("aaaa", "cccc")


def test_a_value_larger_than_the_budget_is_not_kept():
    cache: SizedCache[str] = SizedCache(3, len)
    cache.put("a", "abcd")
    assert cache.get("a") is None and len(cache) == 0


def test_a_key_keeps_its_first_value():
    cache: SizedCache[str] = SizedCache(100, len)
    cache.put("k", "first")
    cache.put("k", "second")
    assert cache.get("k") == "first"
