"""Dates as each language writes them in full: a book's day on its title
page, an edition's effective day on its page and title page."""

from __future__ import annotations

from datetime import date


def long_date(language: str, day: date) -> str:
    """``day`` as ``language`` writes a date in full (CLDR's long form, through
    Babel): no zero before a day or month, the month's name in its case.

    >>> from datetime import date
    >>> [long_date(lang, date(2026, 12, 1)) for lang in ("pl", "zh_CN", "es", "en")]
    ['1 grudnia 2026', '2026年12月1日', '1 de diciembre de 2026', '1 December 2026']
    """
    from babel.dates import format_date

    return format_date(day, format="long", locale=DATE_LOCALES.get(language, language))


#: The CLDR locale whose long date a language's books print, where it is not the
#: language's own: the handbook's English is British (colour, cue-bid), and CLDR's
#: plain "en" is American ("December 1, 2026").
DATE_LOCALES = {"en": "en_GB"}


def long_day(day: str, language: str) -> str:
    """A day (``YYYY-MM-DD``) as ``language`` writes it in full; "" for no day
    (a document or edition that states no ``effective``), so that the pages,
    the banner and the title page do not each write that guard again.

    >>> long_day("2026-08-01", "pl"), long_day("2026-08-01", "en")
    ('1 sierpnia 2026', '1 August 2026')
    >>> long_day("", "pl")
    ''
    """
    return long_date(language, date.fromisoformat(day)) if day else ""
