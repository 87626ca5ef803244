//! lz-string's `decompressFromBase64`, as f-puzzles and `SudokuPad` export their puzzles, in
//! bounded memory.
//!
//! Written from lz-string 1.4's published algorithm (and `SudokuPad`'s copy of it in
//! `fpuzzlesdecoder.js`): an LZW variant whose codes grow from 3 bits, with codes 0 and 1
//! bringing a new 8- or 16-bit character into the dictionary and 2 ending the stream; the
//! bits come from base64 characters, most significant first, and make up each code least
//! significant first. The `lz-str` crate decodes the same stream but keeps every dictionary
//! entry as a whole string, so a hostile input of n codes costs n²/2 characters of memory;
//! here an entry is a link to its prefix plus one character, and the output is capped.

/// The longest output, in UTF-16 units: far beyond any exported puzzle.
pub const MAX_OUTPUT: usize = 16 * 1024 * 1024;

/// What is wrong with compressed data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LzError {
    /// A character outside the base64 alphabets.
    #[error("'{symbol}' at position {position} is not a base64 character")]
    BadSymbol {
        /// The character.
        symbol: char,
        /// Its position, from 1.
        position: usize,
    },
    /// The stream ends before its end code.
    #[error("the data ends before the stream does")]
    Truncated,
    /// A code that names no dictionary entry.
    #[error("code {0} names no dictionary entry")]
    BadCode(u32),
    /// More output than [`MAX_OUTPUT`].
    #[error("it would decompress to more than {MAX_OUTPUT} characters")]
    TooLong,
    /// The output is not UTF-16 text.
    #[error("it decompresses to invalid UTF-16")]
    NotText,
}

/// The value of a base64 character in lz-string's two alphabets (`+/` and the URI-safe
/// `+-`), or `None`.
fn value(c: char) -> Option<u32> {
    let v = match c {
        'A'..='Z' => u32::from(c) - u32::from('A'),
        'a'..='z' => u32::from(c) - u32::from('a') + 26,
        '0'..='9' => u32::from(c) - u32::from('0') + 52,
        '+' => 62,
        '/' | '-' => 63,
        _ => return None,
    };
    Some(v)
}

/// Whether `c` may appear in lz-string base64 (padding included).
pub fn is_base64(c: char) -> bool {
    value(c).is_some() || c == '=' || c == '$'
}

struct Bits<'a> {
    values: &'a [u8],
    index: usize,
    position: u32,
}

impl Bits<'_> {
    fn bit(&mut self) -> Result<u32, LzError> {
        let v = *self.values.get(self.index).ok_or(LzError::Truncated)?;
        let bit = u32::from(v) & self.position;
        self.position >>= 1;
        if self.position == 0 {
            self.position = 32;
            self.index += 1;
        }
        Ok(u32::from(bit != 0))
    }

    fn read(&mut self, n: u32) -> Result<u32, LzError> {
        let mut out = 0;
        for i in 0..n {
            out |= self.bit()? << i;
        }
        Ok(out)
    }
}

/// One dictionary entry: its prefix entry (or none), its last and first characters, length.
#[derive(Clone, Copy)]
struct Entry {
    prefix: u32,
    last: u16,
    first: u16,
}

const NO_PREFIX: u32 = u32::MAX;

struct Dictionary {
    entries: Vec<Entry>,
    scratch: Vec<u16>,
}

impl Dictionary {
    fn first(&self, code: u32) -> u16 {
        self.entries[code as usize].first
    }

    /// Appends entry `code`'s characters to `out`.
    fn write(&mut self, code: u32, out: &mut Vec<u16>) -> Result<(), LzError> {
        self.scratch.clear();
        let mut at = code;
        while at != NO_PREFIX {
            let e = self.entries[at as usize];
            self.scratch.push(e.last);
            at = e.prefix;
            if out.len() + self.scratch.len() > MAX_OUTPUT {
                return Err(LzError::TooLong);
            }
        }
        out.extend(self.scratch.iter().rev());
        Ok(())
    }

    fn push(&mut self, prefix: u32, last: u16) {
        let first = if prefix == NO_PREFIX {
            last
        } else {
            self.first(prefix)
        };
        self.entries.push(Entry {
            prefix,
            last,
            first,
        });
    }
}

/// Decompresses lz-string base64 (`=` and `$` padding allowed at the end).
pub fn decompress_base64(input: &str) -> Result<String, LzError> {
    let trimmed = input.trim_end_matches(['=', '$']);
    let mut values = Vec::with_capacity(trimmed.len());
    for (i, c) in trimmed.chars().enumerate() {
        let v = value(c).ok_or(LzError::BadSymbol {
            symbol: c,
            position: i + 1,
        })?;
        values.push(u8::try_from(v).unwrap_or(0));
    }
    let units = decompress(&values)?;
    String::from_utf16(&units).map_err(|_| LzError::NotText)
}

fn decompress(values: &[u8]) -> Result<Vec<u16>, LzError> {
    let mut bits = Bits {
        values,
        index: 0,
        position: 32,
    };
    // Entries 0, 1 and 2 are the codes for "8-bit literal", "16-bit literal" and "end".
    let placeholder = Entry {
        prefix: NO_PREFIX,
        last: 0,
        first: 0,
    };
    let mut dict = Dictionary {
        entries: vec![placeholder; 3],
        scratch: Vec::new(),
    };
    let mut out = Vec::new();
    let first = match bits.read(2)? {
        0 => bits.read(8)?,
        1 => bits.read(16)?,
        2 => return Ok(out),
        c => return Err(LzError::BadCode(c)),
    };
    dict.push(NO_PREFIX, first as u16);
    let mut w: u32 = 3;
    out.push(first as u16);
    let mut num_bits: u32 = 3;
    let mut enlarge_in: u64 = 4;
    loop {
        let mut code = bits.read(num_bits)?;
        match code {
            0 | 1 => {
                let c = bits.read(if code == 0 { 8 } else { 16 })?;
                dict.push(NO_PREFIX, c as u16);
                code = (dict.entries.len() - 1) as u32;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let size = dict.entries.len() as u32;
        match code.cmp(&size) {
            std::cmp::Ordering::Less => {
                dict.write(code, &mut out)?;
                dict.push(w, dict.first(code));
            }
            std::cmp::Ordering::Equal => {
                // The entry being defined: w followed by w's first character.
                dict.push(w, dict.first(w));
                dict.write(code, &mut out)?;
            }
            std::cmp::Ordering::Greater => return Err(LzError::BadCode(code)),
        }
        enlarge_in -= 1;
        w = code;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        if num_bits > 31 {
            return Err(LzError::TooLong);
        }
    }
}
