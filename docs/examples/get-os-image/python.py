# The newest Ubuntu LTS image
import pulumi
import pulumi_hosting as hosting

ubuntu = hosting.get_os_image_output(family="ubuntu", name_pattern="LTS")

pulumi.export("slug", ubuntu.slug)
