# Builds the release engine (what OpenBench runs):
#   make                  -> target/release/timur
#   make EXE=<path>       -> also copied to <path>
EXE ?= target/release/timur
BUILT := target/release/timur

.PHONY: all
all:
	cargo build --release --bin timur
ifneq ($(EXE),$(BUILT))
	cp $(BUILT) $(EXE)
endif
