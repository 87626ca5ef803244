//! Four 32-bit lanes and the operations the counts of `grid/classify.rs` need on them: in
//! an SSE2 register, which every x86-64 processor has (through `safe_arch`, as the crate
//! allows no `unsafe`), or in an array elsewhere and to check the register against.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

/// Four 32-bit lanes, of which the first three hold a board's bands, with the operations
/// the counts need, all lane by lane (but [`Lanes::rotate`]).
pub(super) trait Lanes:
    Copy
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shr<u32, Output = Self>
    + Shl<u32, Output = Self>
{
    fn new(lanes: [u32; 4]) -> Self;
    fn splat(bits: u32) -> Self {
        Self::new([bits; 4])
    }
    /// The three bands' lanes moved down by one, the first to the third.
    fn rotate(self) -> Self;
    fn first(self) -> u32;
    /// Each lane's two 16-bit halves, each times the lane's factor (the low 16 bits of each
    /// product kept).
    fn times(self, factors: [u32; 4]) -> Self;
}

/// Lanes in an array, where there is no SSE2 (see `classify::IN_LANES`), and to check
/// the register against.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
pub(super) mod plain {
    use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

    #[derive(Clone, Copy)]
    pub(in crate::grid) struct Plain([u32; 4]);

    impl BitAnd for Plain {
        type Output = Plain;
        #[inline]
        fn bitand(self, o: Plain) -> Plain {
            let (a, b) = (self.0, o.0);
            Plain([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
        }
    }

    impl BitOr for Plain {
        type Output = Plain;
        #[inline]
        fn bitor(self, o: Plain) -> Plain {
            let (a, b) = (self.0, o.0);
            Plain([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
        }
    }

    impl Not for Plain {
        type Output = Plain;
        #[inline]
        fn not(self) -> Plain {
            let a = self.0;
            Plain([!a[0], !a[1], !a[2], !a[3]])
        }
    }

    impl Shr<u32> for Plain {
        type Output = Plain;
        #[inline]
        fn shr(self, by: u32) -> Plain {
            let a = self.0;
            Plain([a[0] >> by, a[1] >> by, a[2] >> by, a[3] >> by])
        }
    }

    impl Shl<u32> for Plain {
        type Output = Plain;
        #[inline]
        fn shl(self, by: u32) -> Plain {
            let a = self.0;
            Plain([a[0] << by, a[1] << by, a[2] << by, a[3] << by])
        }
    }

    /// [`super::nonzero`], word by word.
    #[inline]
    pub(in crate::grid) fn nonzero(words: &[u32; 16]) -> u32 {
        words
            .iter()
            .enumerate()
            .fold(0, |bits, (i, &w)| bits | u32::from(w != 0) << i)
    }

    impl super::Lanes for Plain {
        #[inline]
        fn new(lanes: [u32; 4]) -> Plain {
            Plain(lanes)
        }
        #[inline]
        fn rotate(self) -> Plain {
            let a = self.0;
            Plain([a[1], a[2], a[0], a[3]])
        }
        #[inline]
        fn first(self) -> u32 {
            self.0[0]
        }
        #[inline]
        fn times(self, factors: [u32; 4]) -> Plain {
            let half = |x: u32, f: u32| (x & 0xffff).wrapping_mul(f) & 0xffff;
            Plain(std::array::from_fn(|i| {
                let x = self.0[i];
                half(x, factors[i]) | half(x >> 16, factors[i]) << 16
            }))
        }
    }
}

/// Which of sixteen words are not zero, as a bitset: in four SSE2 comparisons and one mask
/// where there is SSE2, else word by word.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(clippy::inline_always)]
#[inline(always)]
pub(in crate::grid) fn nonzero(words: &[u32; 16]) -> u32 {
    sse::nonzero(words)
}

/// Which of sixteen words are not zero, as a bitset.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline]
pub(in crate::grid) fn nonzero(words: &[u32; 16]) -> u32 {
    plain::nonzero(words)
}

/// Lanes in an SSE2 register, which every x86-64 processor has.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) mod sse {
    use safe_arch::{
        bitand_m128i, bitor_m128i, bitxor_m128i, cmp_eq_mask_i32_m128i, get_i32_from_m128i_s,
        m128i, move_mask_i8_m128i, mul_i16_keep_low_m128i, pack_i16_to_i8_m128i,
        pack_i32_to_i16_m128i, set_splat_i32_m128i, shl_all_u32_m128i, shr_all_u32_m128i,
        shuffle_ai_f32_all_m128i, zeroed_m128i,
    };

    /// [`super::nonzero`]: each group of four words compared with zero, the masks packed to
    /// a byte a word, and the bytes' top bits taken. Written out group by group: as an
    /// array's `map`, the groups were left to a call of their own when the callers grew
    /// (callgrind, `fast`: 4 % of the instructions on the 1106 forum puzzles).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(in crate::grid) fn nonzero(words: &[u32; 16]) -> u32 {
        let zero = zeroed_m128i();
        let group = |i: usize| {
            let four = [
                signed(words[i]),
                signed(words[i + 1]),
                signed(words[i + 2]),
                signed(words[i + 3]),
            ];
            cmp_eq_mask_i32_m128i(m128i::from(four), zero)
        };
        let (a, b, c, d) = (group(0), group(4), group(8), group(12));
        let bytes = pack_i16_to_i8_m128i(pack_i32_to_i16_m128i(a, b), pack_i32_to_i16_m128i(c, d));
        let zeros = u32::from_ne_bytes(move_mask_i8_m128i(bytes).to_ne_bytes());
        !zeros & 0xffff
    }
    use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

    #[derive(Clone, Copy)]
    pub(in crate::grid) struct Sse(m128i);

    /// The same bits as an `i32`, as the intrinsics take them.
    #[inline]
    fn signed(bits: u32) -> i32 {
        i32::from_ne_bytes(bits.to_ne_bytes())
    }

    impl BitAnd for Sse {
        type Output = Sse;
        #[inline]
        fn bitand(self, o: Sse) -> Sse {
            Sse(bitand_m128i(self.0, o.0))
        }
    }

    impl BitOr for Sse {
        type Output = Sse;
        #[inline]
        fn bitor(self, o: Sse) -> Sse {
            Sse(bitor_m128i(self.0, o.0))
        }
    }

    impl Not for Sse {
        type Output = Sse;
        #[inline]
        fn not(self) -> Sse {
            Sse(bitxor_m128i(self.0, set_splat_i32_m128i(-1)))
        }
    }

    impl Shr<u32> for Sse {
        type Output = Sse;
        #[inline]
        fn shr(self, by: u32) -> Sse {
            Sse(shr_all_u32_m128i(
                self.0,
                m128i::from([signed(by), 0, 0, 0]),
            ))
        }
    }

    impl Shl<u32> for Sse {
        type Output = Sse;
        #[inline]
        fn shl(self, by: u32) -> Sse {
            Sse(shl_all_u32_m128i(
                self.0,
                m128i::from([signed(by), 0, 0, 0]),
            ))
        }
    }

    impl super::Lanes for Sse {
        #[inline]
        fn new(l: [u32; 4]) -> Sse {
            Sse(m128i::from(l.map(signed)))
        }
        #[inline]
        fn rotate(self) -> Sse {
            Sse(shuffle_ai_f32_all_m128i::<0b11_00_10_01>(self.0))
        }
        #[inline]
        fn first(self) -> u32 {
            u32::from_ne_bytes(get_i32_from_m128i_s(self.0).to_ne_bytes())
        }
        #[inline]
        fn times(self, f: [u32; 4]) -> Sse {
            let both = f.map(|f| signed(f | f << 16));
            Sse(mul_i16_keep_low_m128i(self.0, m128i::from(both)))
        }
    }
}
