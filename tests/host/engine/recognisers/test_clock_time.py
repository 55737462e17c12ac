from prism_translate.engine.recognisers import clock_time


def test_a_clock_time_is_one_number_and_a_ratio_or_version_is_not_a_time():
    text = "At 09:24, then 18:02:10; version 1.10:30 and 25:99 are not times."
    assert [text[a:b] for a, b, _ in clock_time.spans(text, "en")] == ["09:24", "18:02:10"]
