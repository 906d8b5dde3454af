# The ids of the regions in Europe
import pulumi
import pulumi_hosting as hosting

europe = hosting.get_regions_output(continent="Europe")

pulumi.export("regionIds", europe.ids)
