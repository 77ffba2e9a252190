"""The documented text forms of docs/inspecting.md, written again in Python from the spec, so
that the tests compare msgpack-gen's printed text with an implementation that is not its own."""


def days_to_civil(days):
    """Days since 1970-01-01 to (year, month, day), proleptic Gregorian, any year."""
    days += 719468
    era = days // 146097
    day_of_era = days - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524 -
                   day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    return year_of_era + era * 400 + (1 if month <= 2 else 0), month, day


def rfc3339(seconds, nanoseconds):
    """A timestamp's text: UTC as 'Z', the fraction (9 digits) only when there is one, years
    outside 0000-9999 with their sign and all their digits."""
    days, rest = divmod(seconds, 86400)
    year, month, day = days_to_civil(days)
    year_text = "%04d" % year if 0 <= year <= 9999 else "%+d" % year
    text = "%s-%02d-%02dT%02d:%02d:%02d" % (year_text, month, day, rest // 3600,
                                            rest // 60 % 60, rest % 60)
    return text + (".%09d" % nanoseconds if nanoseconds else "") + "Z"
