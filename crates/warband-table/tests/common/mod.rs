//! What the table's integration tests share.

/// A small xorshift stream of numbers in [0, 1), so a test's random cases are the same
/// every run.
pub struct Stream(pub u64);

impl Stream {
    pub fn unit(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
}
