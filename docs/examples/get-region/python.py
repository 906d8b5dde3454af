# The city of a region
import pulumi
import pulumi_hosting as hosting

frankfurt = hosting.get_region_output(id="fra")

pulumi.export("city", frankfurt.city)
