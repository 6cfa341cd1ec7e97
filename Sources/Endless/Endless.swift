// Endless: the paging engine (Feed, PageSource, LoadStates). See issue 4.
