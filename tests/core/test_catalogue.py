from prikup.i18n import LANGS, catalogue, t, words


def test_every_catalogue_entry_has_every_language() -> None:
    for key, pair in catalogue().items():
        for lang in LANGS:
            assert pair.get(lang), f"{key} has no {lang} text"


def test_t_fills_fields_and_falls_back_to_the_key() -> None:
    assert t("to_act", "ru", who="Иван") == "ходит Иван"
    assert t("no-such-key", "ru") == "no-such-key"
    assert words("ru")["pulya"] == "пуля"
