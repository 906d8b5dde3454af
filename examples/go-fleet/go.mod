module go-fleet

go 1.24

require (
	github.com/pulumi-hosting/pulumi-hosting/sdk v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)

// Until the module is on a module server: the Go SDK of a release (npm run release), unpacked.
// replace github.com/pulumi-hosting/pulumi-hosting/sdk => ../../dist/release/go-sdk
