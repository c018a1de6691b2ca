//! Birth date as typed on the driver login (`dd/mm/yyyy`) or sent by the API (`yyyy-mm-dd`).

use chrono::NaiveDate;

use super::ValueError;

/// Years before this are typing mistakes, not drivers.
const MIN_YEAR: i32 = 1900;

/// Accepts `yyyy-mm-dd` and `dd/mm/yyyy` (surrounding spaces ignored) and refuses impossible
/// dates (31/02, 29/02 of a common year) and years before 1900. Whether the date is in the future
/// depends on today, which the caller checks.
pub fn parse_birth_date(s: &str) -> Result<NaiveDate, ValueError> {
    let s = s.trim();
    let b = s.as_bytes();
    if b.len() != 10 {
        return Err(ValueError::BirthDate);
    }
    let (y, m, d) = if b[4] == b'-' && b[7] == b'-' {
        (&s[0..4], &s[5..7], &s[8..10])
    } else if b[2] == b'/' && b[5] == b'/' {
        (&s[6..10], &s[3..5], &s[0..2])
    } else {
        return Err(ValueError::BirthDate);
    };
    let number = |part: &str| -> Result<u32, ValueError> {
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().map_err(|_| ValueError::BirthDate)
        } else {
            Err(ValueError::BirthDate)
        }
    };
    let year = i32::try_from(number(y)?).map_err(|_| ValueError::BirthDate)?;
    if year < MIN_YEAR {
        return Err(ValueError::BirthDate);
    }
    NaiveDate::from_ymd_opt(year, number(m)?, number(d)?).ok_or(ValueError::BirthDate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn birth_date_iso_form_is_accepted() {
        assert_eq!(parse_birth_date("1985-03-07"), Ok(date(1985, 3, 7)));
    }

    #[test]
    fn birth_date_brazilian_form_is_accepted() {
        assert_eq!(parse_birth_date(" 07/03/1985 "), Ok(date(1985, 3, 7)));
        assert_eq!(parse_birth_date("29/02/2000"), Ok(date(2000, 2, 29)));
    }

    #[test]
    fn birth_date_that_does_not_exist_is_rejected() {
        for bad in [
            "31/02/1990",
            "29/02/2001",
            "1990-13-01",
            "1990-00-10",
            "00/01/1990",
        ] {
            assert_eq!(parse_birth_date(bad), Err(ValueError::BirthDate), "{bad}");
        }
    }

    #[test]
    fn birth_date_in_other_shapes_is_rejected() {
        for bad in [
            "",
            "7/3/1985",
            "1985/03/07",
            "07-03-1985",
            "+985-03-07",
            "1985-03-0x",
            "abcdefghij",
        ] {
            assert_eq!(parse_birth_date(bad), Err(ValueError::BirthDate), "{bad}");
        }
    }

    #[test]
    fn birth_date_before_1900_is_rejected() {
        assert_eq!(parse_birth_date("1899-12-31"), Err(ValueError::BirthDate));
        assert_eq!(parse_birth_date("0000-01-01"), Err(ValueError::BirthDate));
    }

    #[test]
    fn birth_date_invalid_message_is_pt_br() {
        assert_eq!(
            ValueError::BirthDate.message(),
            "Data de nascimento inválida"
        );
    }
}
