//! Efficiently updatable neural network evaluation (NNUE): the training
//! records shared by data generation and training.

pub mod record;
