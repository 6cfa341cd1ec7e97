// EndlessTesting: test support for PageSource authors (scripted source, manual clock). See issue 4.
