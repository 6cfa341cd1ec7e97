// EndlessImages: the image pipeline. See issue 5.
